// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { fakeXhrFactory } from '../testing/fake-xhr';
import { HttpRequestError } from './http-error';
import {
  createTransfer,
  isAbortError,
  percentOf,
  TransferNetworkError,
  type TransferSetup,
} from './transfer';

function setup(options: Partial<TransferSetup> = {}) {
  const xhr = fakeXhrFactory();
  const transfer = createTransfer({
    url: (path) => `/api/v1${path}`,
    getToken: () => 'token-1',
    getAccessKey: (id) => (id === 'record-1' ? 'key-1' : undefined),
    getXsrfToken: () => 'xsrf-1',
    createRequest: xhr.create,
    ...options,
  });
  return { transfer, xhr };
}

const form = () => {
  const data = new FormData();
  data.append('filename', 'a.txt');
  data.append('file', new Blob(['hello']), 'a.txt');
  return data;
};

afterEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: the CSRF token is read from this cookie.
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});

describe('percentOf', () => {
  it('rounds to a whole percent (SPEC §9) and stays within 0–100', () => {
    expect(percentOf(0, 1000)).toBe(0);
    expect(percentOf(4, 1000)).toBe(0);
    expect(percentOf(5, 1000)).toBe(1);
    expect(percentOf(333, 1000)).toBe(33);
    expect(percentOf(995, 1000)).toBe(100);
    expect(percentOf(2000, 1000)).toBe(100);
    expect(percentOf(10, 0)).toBe(0);
  });
});

describe('upload', () => {
  it('posts the form with the client’s headers and resolves with the JSON answer', async () => {
    const { transfer, xhr } = setup();
    const body = form();
    const answer = transfer.upload('/object/record-1/data/upload', body);
    const request = xhr.last();
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/api/v1/object/record-1/data/upload');
    expect(request.body).toBe(body);
    expect(request.headers).toEqual({
      Accept: 'application/json',
      AccessToken: 'token-1',
      'X-XSRF-TOKEN': 'xsrf-1',
      'X-Access-Key': 'key-1',
    });
    request.respond(201, { filename: 'a.txt' }, { 'Content-Type': 'application/json' });
    await expect(answer).resolves.toEqual({ filename: 'a.txt' });
  });

  it('leaves out the token and key when there are none, and reads the CSRF cookie', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the CSRF token is read from this cookie.
    document.cookie = 'XSRF-TOKEN=from-cookie';
    const { transfer, xhr } = setup({
      getToken: () => null,
      getAccessKey: undefined,
      getXsrfToken: undefined,
    });
    const answer = transfer.upload('/object/record-2/data/upload', form());
    expect(xhr.last().headers).toEqual({
      Accept: 'application/json',
      'X-XSRF-TOKEN': 'from-cookie',
    });
    xhr.last().respond(201, '');
    await expect(answer).resolves.toBeUndefined();
  });

  it('reports progress in whole percent, once per change', async () => {
    const { transfer, xhr } = setup();
    const seen: number[] = [];
    const answer = transfer.upload('/object/record-1/data/upload', form(), {
      onProgress: (percent) => seen.push(percent),
    });
    const request = xhr.last();
    request.progressUp(0, 1000);
    request.progressUp(2, 1000);
    request.progressUp(126, 1000);
    request.progressUp(129, 1000);
    request.progressUp(500, 1000, false);
    request.progressUp(1000, 1000);
    request.respond(201, {}, { 'content-type': 'application/json' });
    await answer;
    expect(seen).toEqual([0, 13, 100]);
  });

  it('aborts the request when the signal fires', async () => {
    const { transfer, xhr } = setup();
    const controller = new AbortController();
    const answer = transfer.upload('/object/record-1/data/upload', form(), {
      signal: controller.signal,
    });
    controller.abort();
    const error = await answer.catch((e: unknown) => e);
    expect(xhr.last().aborted).toBe(true);
    expect(isAbortError(error)).toBe(true);
  });

  it('does not send at all when the signal has already fired', async () => {
    const { transfer, xhr } = setup();
    const controller = new AbortController();
    controller.abort();
    const error = await transfer
      .upload('/object/record-1/data/upload', form(), { signal: controller.signal })
      .catch((e: unknown) => e);
    expect(isAbortError(error)).toBe(true);
    expect(xhr.requests).toHaveLength(0);
  });

  it('turns an error body into the client’s HttpRequestError', async () => {
    const { transfer, xhr } = setup();
    const answer = transfer.upload('/object/record-1/data/upload', form());
    xhr
      .last()
      .respond(
        413,
        { status: 413, code: 'request.too_large', message: 'The upload is too large.' },
        { 'content-type': 'application/json; charset=utf-8' },
      );
    const error = await answer.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpRequestError);
    expect(error).toMatchObject({
      status: 413,
      code: 'request.too_large',
      message: 'The upload is too large.',
    });
  });

  it('keeps a plain-text error body and drops an HTML one', async () => {
    const { transfer, xhr } = setup();
    const plain = transfer.upload('/object/record-1/data/upload', form());
    xhr.last().respond(502, 'Upstream down', { 'content-type': 'text/plain' });
    await expect(plain).rejects.toMatchObject({ status: 502, body: 'Upstream down' });
    const html = transfer.upload('/object/record-1/data/upload', form());
    xhr.last().respond(502, '<html>proxy</html>', { 'content-type': 'text/html' });
    await expect(html).rejects.toMatchObject({ status: 502, body: undefined });
  });

  it('rejects a network failure with a TypeError, as fetch does', async () => {
    const { transfer, xhr } = setup();
    const answer = transfer.upload('/object/record-1/data/upload', form());
    xhr.last().fail();
    const error = await answer.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransferNetworkError);
    expect(error).toBeInstanceOf(TypeError);
  });
});

describe('download', () => {
  it('gets a blob with token and key but no CSRF header, reporting progress', async () => {
    const { transfer, xhr } = setup();
    const seen: number[] = [];
    const answer = transfer.download('/object/record-1/data/a.png', {
      onProgress: (percent) => seen.push(percent),
    });
    const request = xhr.last();
    expect(request.method).toBe('GET');
    expect(request.responseType).toBe('blob');
    expect(request.headers).toEqual({
      Accept: '*/*',
      AccessToken: 'token-1',
      'X-Access-Key': 'key-1',
    });
    request.progressDown(50, 200);
    const blob = new Blob(['png']);
    request.respond(200, blob);
    await expect(answer).resolves.toBe(blob);
    expect(seen).toEqual([25]);
  });

  it('reads the error body of a failed download', async () => {
    const { transfer, xhr } = setup();
    const answer = transfer.download('/object/record-1/data/a.png');
    xhr
      .last()
      .respond(
        404,
        { status: 404, code: 'file.not_found', message: 'No such file.' },
        { 'content-type': 'application/json' },
      );
    await expect(answer).rejects.toMatchObject({ status: 404, code: 'file.not_found' });
  });
});
