// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, fakeFetch, json, text } from '../testing/fake-fetch';
import { createHttpClient, type HttpClientOptions } from './http-client';
import { HttpRequestError } from './http-error';

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

describe('errors', () => {
  it('throws HttpRequestError with status, uniform body and status text', async () => {
    const { client } = setup({}, () =>
      json(
        { status: 409, code: 'object.version_conflict', message: 'Saved meanwhile.' },
        409,
        'Conflict',
      ),
    );
    const error = await client.put('/object', { body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpRequestError);
    expect(error).toMatchObject({
      status: 409,
      statusText: 'Conflict',
      code: 'object.version_conflict',
      message: 'Saved meanwhile.',
      body: { status: 409, code: 'object.version_conflict', message: 'Saved meanwhile.' },
    });
  });

  it('keeps a plain-text error body as a string and drops an HTML page', async () => {
    const answers = [
      text('Bad gateway', 502, 'Bad Gateway'),
      new Response('<h1>502</h1>', { status: 502, headers: { 'content-type': 'text/html' } }),
    ];
    const { client } = setup({}, () => answers.shift() as Response);
    await expect(client.get('/a')).rejects.toMatchObject({ status: 502, body: 'Bad gateway' });
    await expect(client.get('/b')).rejects.toMatchObject({ status: 502, body: undefined });
  });

  it('lets a network failure reject with the TypeError of fetch', async () => {
    const { client } = setup({}, () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(client.get('/a')).rejects.toThrow(TypeError);
  });
});

describe('401 and 403 (SPEC §4)', () => {
  const onUnauthorized = vi.fn();
  afterEach(() => onUnauthorized.mockReset());

  it('calls onUnauthorized on a 401 with the request, then throws', async () => {
    const { client } = setup({ onUnauthorized }, () =>
      errorResponse(401, 'auth.required', 'Sign in.'),
    );
    await expect(client.get('/object/1')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(onUnauthorized.mock.calls[0]?.[0]).toBeInstanceOf(HttpRequestError);
    expect(onUnauthorized.mock.calls[0]?.[1]).toEqual({
      method: 'GET',
      path: '/object/1',
      url: '/api/v1/object/1',
    });
  });

  it('does not call onUnauthorized on a 401 when the request handles auth itself', async () => {
    const { client } = setup({ onUnauthorized }, () => errorResponse(401, 'auth.required', 'x'));
    await expect(client.get('/access/authorized', { handlesAuth: true })).rejects.toThrow();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('calls onUnauthorized on a 403 only when the request opts in', async () => {
    const { client } = setup({ onUnauthorized }, () => errorResponse(403, 'auth.forbidden', 'x'));
    await expect(client.get('/object/1')).rejects.toMatchObject({ status: 403 });
    expect(onUnauthorized).not.toHaveBeenCalled();
    await expect(client.get('/object/1', { redirectOn403: true })).rejects.toThrow();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('lets whatever onUnauthorized throws replace the error (a router redirect)', async () => {
    const redirect = new Response(null, { status: 302 });
    const { client } = setup(
      {
        onUnauthorized: () => {
          throw redirect;
        },
      },
      () => errorResponse(401, 'auth.required', 'x'),
    );
    await expect(client.get('/object/1')).rejects.toBe(redirect);
  });
});
