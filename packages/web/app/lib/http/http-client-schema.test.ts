import { ObjectId } from '@geoportal/contract/object';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getJson } from '../http-client';
import { empty, fakeFetch, json } from '../testing/fake-fetch';
import { errorText } from './error-text';
import { createHttpClient } from './http-client';
import { HttpRequestError } from './http-error';

const id = { safeParse: (data: unknown) => ObjectId.safeParse(data) };

function clientAnswering(response: () => Response) {
  return createHttpClient({
    apiBase: '/api/v1',
    getToken: () => null,
    fetch: fakeFetch(response).fetch,
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('answers checked against a schema', () => {
  it('answers the parsed value when the answer fits', async () => {
    const client = clientAnswering(() => json('record-0000000001'));
    await expect(client.get('/x', { schema: id })).resolves.toBe('record-0000000001');
  });

  it('rejects a mismatch with an HttpRequestError whose text names the answer', async () => {
    const client = clientAnswering(() => json({ no: 'id' }));
    const failure = await client
      .put('/x', { schema: id, invalid: 'an invalid id' })
      .catch((e) => e);
    expect(failure).toBeInstanceOf(HttpRequestError);
    expect(failure).toMatchObject({
      status: 200,
      message: 'The server answered with an invalid id.',
    });
    expect(errorText(failure, ({ id }) => id, {})).toBe('The server answered with an invalid id.');
  });

  it('does not check an answer without content (204)', async () => {
    const client = clientAnswering(() => empty());
    await expect(client.delete('/x', { schema: id })).resolves.toBeUndefined();
  });

  it('checks what the server-side getJson reads as well', async () => {
    vi.stubGlobal('fetch', fakeFetch(() => json(42)).fetch);
    await expect(getJson('http://127.0.0.1/api/v1', '/x', { schema: id })).rejects.toThrow(
      'The server answered with an invalid answer.',
    );
  });
});
