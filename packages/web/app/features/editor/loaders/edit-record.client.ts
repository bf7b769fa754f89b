import type { ObjectDetailed } from '@geoportal/contract/object';
import { getEditableRecord } from '../../../lib/api/get-record';
import { isHttpRequestError } from '../../../lib/http/http-error';
import { loaderClient } from '../../../lib/http/loader-client';

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

/**
 * Reads the record to edit with the user's token. A 404 (missing, or not readable for this
 * user) is data, not an error: the page says so. Other failures go to the error page.
 */
export async function loadEditPage(id: string, apiBase: string): Promise<EditPageData> {
  try {
    const record = await getEditableRecord(loaderClient(apiBase), id);
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
