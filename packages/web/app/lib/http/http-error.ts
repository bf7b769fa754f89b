import type { ErrorBody } from '@geoportal/contract/errors';

/** What a failed response carried: the uniform error body, a plain text, or nothing. */
export type HttpErrorBody = Partial<ErrorBody> | string | undefined;

/**
 * A failed request: the status, the status text and the body. The body is the uniform error
 * body of DESIGN §4 when the server sent one, a string when it sent text. Network failures are
 * not wrapped: `fetch` rejects with a `TypeError`, which `errorText` shows as it is.
 */
export class HttpRequestError extends Error {
  constructor(
    readonly status: number,
    readonly body: HttpErrorBody,
    message: string,
    readonly statusText = '',
  ) {
    super(message);
    this.name = 'HttpRequestError';
  }

  /** The stable error code of the uniform error body, if any (maps to `error.{code}`). */
  get code(): string | undefined {
    return typeof this.body === 'object' ? this.body.code : undefined;
  }
}

/** Whether `error` is a failed HTTP answer, optionally with one of the given statuses. */
export function isHttpRequestError(
  error: unknown,
  ...statuses: number[]
): error is HttpRequestError {
  return (
    error instanceof HttpRequestError && (statuses.length === 0 || statuses.includes(error.status))
  );
}

/** Whether a response's content type is JSON (`application/json`, `…+json`). */
export function isJsonResponse(response: Response): boolean {
  return /[/+]json\b/i.test(response.headers.get('content-type') ?? '');
}

/**
 * Reads the body of a failed response: JSON objects and strings and plain text are kept.
 * HTML (a proxy's error page) is dropped, because it is not fit to show as a message.
 */
async function readErrorBody(response: Response): Promise<HttpErrorBody> {
  const text = await response.text().catch(() => '');
  if (!text) return undefined;
  if (!isJsonResponse(response)) {
    return /html|xml/i.test(response.headers.get('content-type') ?? '') ? undefined : text;
  }
  try {
    const parsed = JSON.parse(text) as unknown;
    if (typeof parsed === 'string') return parsed;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      return parsed as Partial<ErrorBody>;
    }
    return undefined;
  } catch {
    // A proxy's HTML or a cut-off answer: the text is still better than nothing.
    return text;
  }
}

/** Turns a non-2xx response into an `HttpRequestError`. */
export async function errorFromResponse(response: Response): Promise<HttpRequestError> {
  const body = await readErrorBody(response);
  const serverMessage = typeof body === 'object' ? body.message : undefined;
  return new HttpRequestError(
    response.status,
    body,
    serverMessage ?? `${response.status} ${response.statusText}`.trim(),
    response.statusText,
  );
}
