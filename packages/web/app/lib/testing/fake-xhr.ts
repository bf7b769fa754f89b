/**
 * A scriptable `XMLHttpRequest` for tests of uploads and downloads: it records what was
 * opened, sent and which headers were set, and the test drives progress and the answer.
 * jsdom's own XHR would try to reach a network.
 */
export class FakeXhr extends EventTarget {
  method = '';
  url = '';
  body: unknown = null;
  headers: Record<string, string> = {};
  responseType: XMLHttpRequestResponseType = '';
  status = 0;
  statusText = '';
  response: unknown = null;
  responseText = '';
  aborted = false;
  readonly upload = new EventTarget();
  private answerHeaders: Record<string, string> = {};

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }

  send(body: unknown) {
    this.body = body;
  }

  abort() {
    this.aborted = true;
    this.dispatchEvent(new Event('abort'));
  }

  getResponseHeader(name: string): string | null {
    return this.answerHeaders[name.toLowerCase()] ?? null;
  }

  getAllResponseHeaders(): string {
    return Object.entries(this.answerHeaders)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
  }

  /** Reports upload progress (the request body). */
  progressUp(loaded: number, total: number, lengthComputable = true) {
    this.upload.dispatchEvent(
      Object.assign(new Event('progress'), { loaded, total, lengthComputable }),
    );
  }

  /** Reports download progress (the answer). */
  progressDown(loaded: number, total: number) {
    this.dispatchEvent(
      Object.assign(new Event('progress'), { loaded, total, lengthComputable: true }),
    );
  }

  /** Answers the request. A JSON body is serialised; blobs pass as they are. */
  respond(status: number, body: unknown = '', headers: Record<string, string> = {}) {
    this.status = status;
    this.statusText = '';
    this.answerHeaders = Object.fromEntries(
      Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]),
    );
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    if (this.responseType === 'blob') {
      this.response = body instanceof Blob ? body : new Blob([text]);
    } else {
      this.response = text;
      this.responseText = text;
    }
    this.dispatchEvent(new Event('load'));
  }

  /** A network failure. */
  fail() {
    this.dispatchEvent(new Event('error'));
  }
}

/** A factory that hands out fake requests and remembers them, newest last. */
export function fakeXhrFactory() {
  const requests: FakeXhr[] = [];
  const create = () => {
    const request = new FakeXhr();
    requests.push(request);
    return request as unknown as XMLHttpRequest;
  };
  return { create, requests, last: () => requests[requests.length - 1] as FakeXhr };
}
