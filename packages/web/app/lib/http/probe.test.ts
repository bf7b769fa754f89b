// @vitest-environment jsdom
// (jsdom: the web project resolves the contract from source only in the browser transform.)
import { describe, expect, it } from 'vitest';
import { empty, errorResponse, fakeFetch, json, text } from '../testing/fake-fetch';
import { createHttpClient } from './http-client';
import { probe } from './probe';

function client(answer: () => Response) {
  const fake = fakeFetch(answer);
  const onUnauthorized = () => {
    throw new Error('a probe must not trigger the login redirect');
  };
  return {
    client: createHttpClient({
      apiBase: '/api/v1',
      getToken: () => 't',
      fetch: fake.fetch,
      onUnauthorized,
    }),
    requests: fake.requests,
  };
}

describe('probe (SPEC §5, §6)', () => {
  it('is true for 202 and sends the given method to the probe path without cache', async () => {
    const { client: c, requests } = client(() => text('', 202));
    await expect(probe(c, 'PUT', '/object/1/try')).resolves.toBe(true);
    expect(requests[0]).toMatchObject({
      method: 'PUT',
      url: '/api/v1/object/1/try',
      headers: { 'cache-control': 'no-cache', accesstoken: 't' },
    });
  });

  it('is false for any other success status', async () => {
    await expect(probe(client(() => json(true)).client, 'GET', '/object/1/try')).resolves.toBe(
      false,
    );
    await expect(probe(client(() => empty(204)).client, 'GET', '/object/1/try')).resolves.toBe(
      false,
    );
  });

  it.each([401, 403, 404, 500])('is false for a %i, without a login redirect', async (status) => {
    const { client: c } = client(() => errorResponse(status, 'x', 'x'));
    await expect(probe(c, 'DELETE', '/object/1/data/try')).resolves.toBe(false);
  });

  it('is false on a network failure', async () => {
    const { client: c } = client(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(probe(c, 'GET', '/object/1/try')).resolves.toBe(false);
  });
});
