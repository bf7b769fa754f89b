import type { ErrorBody } from '@geoportal/contract/errors';

/**
 * A failed request: the status and, when the server sent the uniform error body, its
 * stable code and message. The full client of DESIGN §6 builds on this.
 */
export class HttpRequestError extends Error {
  constructor(
    readonly status: number,
    readonly body: Partial<ErrorBody> | undefined,
    message: string,
  ) {
    super(message);
    this.name = 'HttpRequestError';
  }
}

/**
 * Reads JSON from `base` + `path`. Relative API paths get the API base; asset paths
 * (starting with `/assets/`) are resolved against the base's origin only (SPEC §7).
 */
export async function getJson<T>(base: string, path: string, init: RequestInit = {}): Promise<T> {
  const url = resolveUrl(base, path);
  const response = await fetch(url, {
    ...init,
    headers: { accept: 'application/json', ...init.headers },
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => undefined)) as Partial<ErrorBody> | undefined;
    throw new HttpRequestError(
      response.status,
      body,
      body?.message ?? `${response.status} ${response.statusText}`,
    );
  }
  return (await response.json()) as T;
}

export function resolveUrl(base: string, path: string): string {
  if (/^https?:\/\//.test(path)) return path;
  if (path.startsWith('/assets/')) {
    return /^https?:\/\//.test(base) ? new URL(path, base).href : path;
  }
  return `${base}${path.startsWith('/') ? '' : '/'}${path}`;
}
