import { createHttpClient, type HttpClient } from './http-client';

const clients = new Map<string, HttpClient>();

/**
 * A client without any session, for public reads of components that may be shown outside
 * the app's `AccessContext` (a test, an embedding): no token, no access keys, no loading bar.
 * One per API base.
 */
export function publicClient(apiBase: string): HttpClient {
  let client = clients.get(apiBase);
  if (!client) {
    client = createHttpClient({ apiBase, getToken: () => null });
    clients.set(apiBase, client);
  }
  return client;
}
