import type { ObjectDetailed } from '@geoportal/contract/object';
import { accessKeys } from '../../../lib/access-keys';
import { createHttpClient, type HttpClient } from '../../../lib/http/http-client';
import { isHttpRequestError } from '../../../lib/http/http-error';
import { pageActivity } from '../../../lib/progress/activity';
import { appStorage } from '../../../lib/storage';
import { getEditableRecord } from '../api/get-record';

/** The data of the edit page (`metadata.edit`). */
export interface EditPageData {
  id: string;
  /** The API base the browser uses, learnt from the server's answer. */
  apiBase: string;
  /** The record in the detailed view; null when it does not exist or may not be read. */
  record: ObjectDetailed | null;
  /** Whether the browser has read the record with the user's token (the server cannot). */
  checked: boolean;
}

const clients = new Map<string, HttpClient>();

/**
 * The client of the edit page's `clientLoader`, which runs outside React and so cannot
 * reach the page's `Access`: the stored token, a held write key and the loading bar.
 */
function editorLoaderClient(apiBase: string): HttpClient {
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

/**
 * Reads the record to edit with the user's token. A 404 (missing, or not readable for this
 * user) is data, not an error: the page says so. Other failures go to the error page.
 */
export async function loadEditPage(id: string, apiBase: string): Promise<EditPageData> {
  try {
    const record = await getEditableRecord(editorLoaderClient(apiBase), id);
    return { id, apiBase, record, checked: true };
  } catch (error) {
    if (isHttpRequestError(error, 404, 400, 401))
      return { id, apiBase, record: null, checked: true };
    throw error;
  }
}

// The browser's API base, learnt from the first server answer; it never changes in a page.
let knownApiBase: string | undefined;

/**
 * The edit page's `clientLoader`: on hydration the server's answer gives the API base
 * without a request; later navigations read straight from the API.
 */
export async function clientLoadEditPage(
  id: string,
  serverLoader: () => Promise<EditPageData>,
): Promise<EditPageData> {
  if (!knownApiBase) knownApiBase = (await serverLoader()).apiBase;
  return loadEditPage(id, knownApiBase);
}
