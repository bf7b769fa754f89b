import { describe, expect, it } from 'vitest';
import { createHttpClient } from './http-client';
import { apiPathOf } from './use-image-source';

const client = (apiBase: string) => createHttpClient({ apiBase, getToken: () => null });

describe('apiPathOf', () => {
  it('takes a path the server answered as relative to the API base', () => {
    expect(apiPathOf(client('/api/v1'), '/object/preview/thumbnail/a/b/c.png')).toBe(
      '/object/preview/thumbnail/a/b/c.png',
    );
  });

  it('strips the API base path when the URL already carries it', () => {
    expect(apiPathOf(client('/api/v1'), '/api/v1/object/preview/thumbnail/a/b/c.png')).toBe(
      '/object/preview/thumbnail/a/b/c.png',
    );
    expect(
      apiPathOf(client('http://127.0.0.1:8085/api/v1'), 'http://127.0.0.1:8085/api/v1/object/x'),
    ).toBe('/object/x');
  });

  it('leaves foreign absolute URLs alone', () => {
    expect(apiPathOf(client('/api/v1'), 'https://example.org/pic.png')).toBe(
      'https://example.org/pic.png',
    );
  });
});
