import { accessKeys } from '../access-keys';
import { pageActivity } from '../progress/activity';
import { appStorage } from '../storage';
import { createHttpClient, type HttpClient } from './http-client';

const clients = new Map<string, HttpClient>();

/**
 * A client for routes' `clientLoader`s, which run outside React and so cannot reach the
 * page's `Access`. It sends what that one sends on reads: the stored token (the auth store
 * keeps it in storage), the held access key and the loading bar; reads never meet a 401.
 */
export function loaderClient(apiBase: string): HttpClient {
  let client = clients.get(apiBase);
  if (!client) {
    client = createHttpClient({
      apiBase,
      getToken: () => appStorage.getAccessToken(),
      getAccessKey: (objectId) => accessKeys.get(objectId),
      onActivity: pageActivity.start,
    });
    clients.set(apiBase, client);
  }
  return client;
}
