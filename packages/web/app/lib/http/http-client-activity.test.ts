import { describe, expect, it, vi } from 'vitest';
import { createActivityCounter } from '../progress/activity';
import { errorResponse, fakeFetch, json } from '../testing/fake-fetch';
import { createHttpClient, type HttpClientOptions } from './http-client';

/** A client whose fetch answers only when the test says so. */
function setup(options: Partial<HttpClientOptions> = {}) {
  const page = createActivityCounter();
  const blocking = createActivityCounter();
  const answers: Array<(response: Response | Error) => void> = [];
  const fake = fakeFetch(
    () =>
      new Promise<Response>((resolve, reject) => {
        answers.push((answer) => (answer instanceof Error ? reject(answer) : resolve(answer)));
      }),
  );
  const client = createHttpClient({
    apiBase: '/api/v1',
    getToken: () => null,
    fetch: fake.fetch,
    onActivity: page.start,
    onBlockingActivity: blocking.start,
    ...options,
  });
  const answer = (response: Response | Error) => answers.shift()?.(response);
  return { client, page, blocking, answer };
}

describe('request activity (SPEC §2: loading bar and spinner during requests)', () => {
  it('counts a request from its start until its answer is read', async () => {
    const { client, page, blocking, answer } = setup();
    const first = client.get('/a');
    const second = client.get('/b');
    expect(page.getSnapshot()).toBe(2);
    expect(blocking.getSnapshot()).toBe(0);
    answer(json({ a: 1 }));
    await expect(first).resolves.toEqual({ a: 1 });
    expect(page.getSnapshot()).toBe(1);
    answer(json({}));
    await second;
    expect(page.getSnapshot()).toBe(0);
  });

  it('also counts blocking requests for the spinner, and only those', async () => {
    const { client, page, blocking, answer } = setup();
    const save = client.put('/object', { body: {}, blocking: true });
    const read = client.get('/object/1');
    expect(page.getSnapshot()).toBe(2);
    expect(blocking.getSnapshot()).toBe(1);
    answer(json({}));
    answer(json({}));
    await Promise.all([save, read]);
    expect({ page: page.getSnapshot(), blocking: blocking.getSnapshot() }).toEqual({
      page: 0,
      blocking: 0,
    });
  });

  it('ends the activity on an error answer, before the 401 handling runs', async () => {
    const seen: number[] = [];
    const { client, page, blocking, answer } = setup({
      onUnauthorized: () => {
        seen.push(page.getSnapshot(), blocking.getSnapshot());
      },
    });
    const request = client.get('/access/profile', { blocking: true });
    answer(errorResponse(401, 'access.unauthorized', 'Sign in.'));
    await expect(request).rejects.toMatchObject({ status: 401 });
    expect(seen).toEqual([0, 0]);
  });

  it('ends the activity on a network failure and on an abort', async () => {
    const { client, page, blocking, answer } = setup();
    const failed = client.get('/a', { blocking: true });
    answer(new TypeError('Failed to fetch'));
    await expect(failed).rejects.toThrow(TypeError);
    const aborted = client.get('/b', { blocking: true });
    answer(new DOMException('The operation was aborted.', 'AbortError'));
    await expect(aborted).rejects.toMatchObject({ name: 'AbortError' });
    expect({ page: page.getSnapshot(), blocking: blocking.getSnapshot() }).toEqual({
      page: 0,
      blocking: 0,
    });
  });

  it('ends the activity when the answer cannot be parsed', async () => {
    const { client, page, answer } = setup();
    const request = client.get('/a');
    answer(new Response('{broken', { headers: { 'content-type': 'application/json' } }));
    await expect(request).rejects.toThrow(SyntaxError);
    expect(page.getSnapshot()).toBe(0);
  });

  it('calls each end function exactly once per request', async () => {
    const end = vi.fn();
    const endBlocking = vi.fn();
    const { client, answer } = setup({
      onActivity: () => end,
      onBlockingActivity: () => endBlocking,
    });
    const request = client.post('/object', { body: {}, blocking: true });
    answer(json({}));
    await request;
    expect(end).toHaveBeenCalledTimes(1);
    expect(endBlocking).toHaveBeenCalledTimes(1);
  });

  it('works without the callbacks, as before', async () => {
    const fake = fakeFetch();
    const client = createHttpClient({
      apiBase: '/api/v1',
      getToken: () => null,
      fetch: fake.fetch,
    });
    await expect(client.get('/a', { blocking: true })).resolves.toEqual({});
  });
});
