/** One request as the fake fetch saw it: headers with lower-case names, body as sent. */
export interface RecordedRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: BodyInit | null | undefined;
}

/** Answers a recorded request; throw to simulate a network failure. */
export type FakeHandler = (request: RecordedRequest) => Response | Promise<Response>;

/**
 * A `fetch` that records every request and answers with `handler` (default: 200 `{}`), so
 * tests can assert exact URLs, headers and bodies without a server.
 */
export function fakeFetch(handler: FakeHandler = () => json({})) {
  const requests: RecordedRequest[] = [];
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const request: RecordedRequest = {
      url: String(input),
      method: init.method ?? 'GET',
      headers: Object.fromEntries(new Headers(init.headers).entries()),
      body: init.body,
    };
    requests.push(request);
    return handler(request);
  };
  return { fetch: fetch as typeof globalThis.fetch, requests };
}

/** A JSON response. */
export function json(body: unknown, status = 200, statusText = ''): Response {
  return new Response(JSON.stringify(body), {
    status,
    statusText,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
}

/** A plain-text response. */
export function text(body: string, status = 200, statusText = ''): Response {
  return new Response(body, { status, statusText, headers: { 'content-type': 'text/plain' } });
}

/** A response without a body. */
export function empty(status = 204, statusText = ''): Response {
  return new Response(null, { status, statusText });
}

/** The uniform error body of DESIGN §4 as a response. */
export function errorResponse(status: number, code: string, message: string): Response {
  return json({ status, code, message }, status);
}
