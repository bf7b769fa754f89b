// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { empty, fakeFetch, json, text } from '../testing/fake-fetch';
import { createHttpClient, type HttpClientOptions, readCookie } from './http-client';

function setup(
  options: Partial<HttpClientOptions> = {},
  handler?: Parameters<typeof fakeFetch>[0],
) {
  const fake = fakeFetch(handler);
  const client = createHttpClient({
    apiBase: '/api/v1',
    getToken: () => null,
    fetch: fake.fetch,
    ...options,
  });
  return { client, requests: fake.requests };
}

function clearCookies() {
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API.
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

afterEach(clearCookies);

describe('URLs (SPEC §7)', () => {
  it('prefixes relative API paths with the API base and appends repeated query parameters', async () => {
    const { client, requests } = setup();
    await client.get('/index/search/objects/*/0/10', {
      query: { fq: ['type:dataset', 'bbox:1,2,3,4'], sort: 'score desc', skip: undefined },
    });
    expect(requests[0]?.url).toBe(
      '/api/v1/index/search/objects/*/0/10?fq=type%3Adataset&fq=bbox%3A1%2C2%2C3%2C4&sort=score+desc',
    );
  });

  it('leaves asset paths alone', async () => {
    const { client, requests } = setup();
    await client.get('/assets/git.json');
    expect(requests[0]?.url).toBe('/assets/git.json');
  });

  it('resolves asset paths on the origin of an absolute (server-side) API base', async () => {
    const { client, requests } = setup({ apiBase: 'http://127.0.0.1:8085/api/v1' });
    await client.get('/assets/git.json');
    await client.get('/i18n/de');
    expect(requests.map((r) => r.url)).toEqual([
      'http://127.0.0.1:8085/assets/git.json',
      'http://127.0.0.1:8085/api/v1/i18n/de',
    ]);
  });

  it('leaves absolute URLs untouched and builds URLs for links', async () => {
    const { client, requests } = setup();
    await client.get('https://example.org/wms?service=WMS');
    expect(requests[0]?.url).toBe('https://example.org/wms?service=WMS');
    expect(client.url('/media/thumbs/7', { size: 2 })).toBe('/api/v1/media/thumbs/7?size=2');
  });
});

describe('headers (SPEC §7, DESIGN §4)', () => {
  it('sends only Accept when signed out, on a GET without options', async () => {
    const { client, requests } = setup();
    await client.get('/object/42');
    expect(requests[0]?.method).toBe('GET');
    expect(requests[0]?.headers).toEqual({ accept: 'application/json' });
  });

  it('sends the stored token as AccessToken on every API request', async () => {
    const { client, requests } = setup({ getToken: () => 'tok-1' });
    await client.get('/access/authorized');
    await client.delete('/object/1/data/try');
    expect(requests.map((r) => r.headers.accesstoken)).toEqual(['tok-1', 'tok-1']);
  });

  it('never sends the token to a foreign absolute URL', async () => {
    const { client, requests } = setup({ getToken: () => 'tok-1' });
    await client.get('https://example.org/capabilities');
    expect(requests[0]?.headers).toEqual({ accept: 'application/json' });
  });

  it('sends the XSRF-TOKEN cookie as X-XSRF-TOKEN on non-GET requests to relative URLs', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the cookie as the server sets it; jsdom has no Cookie Store API.
    document.cookie = 'XSRF-TOKEN=abc%3D123; path=/';
    const { client, requests } = setup();
    await client.get('/object/1');
    await client.post('/object', { body: { type: 'dataset' } });
    await client.put('/object', { body: { id: '1' } });
    await client.delete('/object/1/data/delete/a.txt');
    await client.post('https://example.org/form', { body: {} });
    expect(requests.map((r) => r.headers['x-xsrf-token'])).toEqual([
      undefined,
      'abc=123',
      'abc=123',
      'abc=123',
      undefined,
    ]);
  });

  it('sends no X-XSRF-TOKEN without the cookie (as on the server)', async () => {
    const { client, requests } = setup();
    await client.post('/object', { body: {} });
    expect(requests[0]?.headers['x-xsrf-token']).toBeUndefined();
    expect(readCookie('XSRF-TOKEN')).toBeUndefined();
  });

  it('sends X-Access-Key on requests to /object/{id}… when a key is held for that id', async () => {
    const keys: Record<string, string> = { '42': 'key-42', 'a b': 'key-ab' };
    const getAccessKey = vi.fn((id: string) => keys[id]);
    const { client, requests } = setup({ getAccessKey });
    await client.get('/object/42');
    await client.put('/object/42/data/description', { body: 'x' });
    await client.get('/object/a%20b/try');
    await client.get('/object/7');
    await client.get('/object/preview/42/type', { responseType: 'text' });
    await client.get('/search');
    expect(requests.map((r) => r.headers['x-access-key'])).toEqual([
      'key-42',
      'key-42',
      'key-ab',
      undefined,
      'key-42',
      undefined,
    ]);
    expect(getAccessKey.mock.calls.map(([id]) => id)).toEqual(['42', '42', 'a b', '7', '42']);
  });

  it('sends the detail level in the Accept header', async () => {
    const { client, requests } = setup();
    await client.get('/object/1', { detail: 'summary' });
    await client.get('/object/1', { detail: 'detailed' });
    expect(requests.map((r) => r.headers.accept)).toEqual([
      'application/json; detail=summary',
      'application/json; detail=detailed',
    ]);
  });

  it('sends Cache-Control no-cache and an old Expires on no-cache reads', async () => {
    const { client, requests } = setup();
    await client.get('/access/authorized', { noCache: true });
    expect(requests[0]?.headers).toEqual({
      accept: 'application/json',
      'cache-control': 'no-cache',
      expires: 'Thu, 01 Jan 1970 00:00:00 GMT',
    });
  });

  it('sends JSON bodies with their content type, also false; FormData as it is', async () => {
    const { client, requests } = setup();
    await client.put('/object/1/data/index/a.html', { body: false });
    const form = new FormData();
    await client.post('/object/1/data/upload', { body: form });
    expect(requests[0]).toMatchObject({
      body: 'false',
      headers: { 'content-type': 'application/json' },
    });
    expect(requests[1]?.body).toBe(form);
    expect(requests[1]?.headers['content-type']).toBeUndefined();
  });
});

describe('answers', () => {
  it('returns parsed JSON', async () => {
    const { client } = setup({}, () => json({ id: '1' }));
    await expect(client.get('/object/1')).resolves.toEqual({ id: '1' });
  });

  it('returns undefined for 204, empty bodies and a 202 text answer', async () => {
    const answers = [empty(204), new Response('', { status: 200 }), text('Accepted', 202)];
    const { client } = setup({}, () => answers.shift() as Response);
    await expect(client.get('/a')).resolves.toBeUndefined();
    await expect(client.get('/b')).resolves.toBeUndefined();
    await expect(client.send('GET', '/object/1/try')).resolves.toMatchObject({
      status: 202,
      data: undefined,
    });
  });

  it('returns the text when asked for text', async () => {
    const { client } = setup({}, () => text('image'));
    await expect(client.get('/object/preview/1/type', { responseType: 'text' })).resolves.toBe(
      'image',
    );
  });
});
