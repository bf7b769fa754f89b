import { describe, expect, it } from 'vitest';
import { createHttpClient } from '../../../lib/http/http-client';
import { serverUrl } from './server-url';

const client = (apiBase: string) => createHttpClient({ apiBase, getToken: () => null });

describe('serverUrl', () => {
  it('keeps absolute URLs and paths that already carry the API base', () => {
    const browser = client('/api/v1');
    expect(serverUrl(browser, 'https://cdn.example/a.vtt')).toBe('https://cdn.example/a.vtt');
    expect(serverUrl(browser, '/api/v1/object/r1/data/a.png')).toBe('/api/v1/object/r1/data/a.png');
  });

  it('puts the API base before other paths', () => {
    expect(serverUrl(client('/api/v1'), '/media/subtitle/r1/de')).toBe(
      '/api/v1/media/subtitle/r1/de',
    );
    expect(serverUrl(client('http://127.0.0.1:8085/api/v1'), '/api/v1/object/r1/data/a.png')).toBe(
      'http://127.0.0.1:8085/api/v1/object/r1/data/a.png',
    );
  });
});
