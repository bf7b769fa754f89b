import { isLanguage, type Language } from '@geoportal/contract/languages';
import { type AccessKeyStore, accessKeys } from '../../../lib/access-keys';
import { getRecord } from '../../../lib/api/get-record';
import {
  loadClassification,
  primeClassification,
} from '../../../lib/classifications/classification-api';
import { type HttpClient, readCookie } from '../../../lib/http/http-client';
import { isHttpRequestError } from '../../../lib/http/http-error';
import { loaderClient } from '../../../lib/http/loader-client';
import { LANGUAGE_COOKIE } from '../../../lib/language';
import { appStorage } from '../../../lib/storage';
import { isAccessKeyRequired } from '../api/is-access-key-required';
import { classificationsNeeded, loadRecordClassifications } from '../model/record-classifications';
import type { RecordPageData } from './record-page-data';

/** What the browser's load needs besides the client; tests pass their own. */
export interface BrowserLoadOptions {
  client: HttpClient;
  /** Whether a session token is stored (a signed-in user; the server ignores a stale one). */
  hasToken: boolean;
  keys: AccessKeyStore;
}

/**
 * Loads the record page in the browser, starting from what the server rendered (`base`).
 * Signed-in users and key holders read the detailed view with their token and key (DESIGN §4:
 * permissions and history); a visitor without a key keeps the server's public view. When the
 * record cannot be read, asks whether a key would open it; a held key the server refused is
 * forgotten and reported, so the page can say so instead of failing silently. Finally the
 * classifications the record shows are added (see `withClassifications`).
 */
export async function loadRecordInBrowser(
  base: RecordPageData,
  options: BrowserLoadOptions,
): Promise<RecordPageData> {
  return withClassifications(await loadRecord(base, options), options.client);
}

async function loadRecord(
  base: RecordPageData,
  { client, hasToken, keys }: BrowserLoadOptions,
): Promise<RecordPageData> {
  const { id } = base;
  const key = keys.get(id);
  const result: RecordPageData = { ...base, checked: true, keyRequired: false, keyRejected: false };
  if (!hasToken && !key) {
    if (base.record) return result;
    return { ...result, keyRequired: await isAccessKeyRequired(client, id) };
  }
  try {
    return { ...result, record: await getRecord(client, id, 'detailed') };
  } catch (error) {
    if (!isHttpRequestError(error, 404)) throw error;
  }
  const keyRequired = await isAccessKeyRequired(client, id);
  if (key) keys.remove(id);
  return { ...result, record: null, keyRequired, keyRejected: Boolean(key) && keyRequired };
}

/**
 * Adds the classifications the record shows. Those the server sent go into the browser's
 * cache first, so only the ones it lacks are requested (a draft the server could not read,
 * or one whose load failed there); a failed load leaves codes on the page.
 */
async function withClassifications(
  page: RecordPageData,
  client: HttpClient,
): Promise<RecordPageData> {
  for (const classification of Object.values(page.classifications)) {
    if (classification) primeClassification(classification);
  }
  if (!page.record) return page;
  const classifications = await loadRecordClassifications(
    classificationsNeeded(page.record),
    (classificationId) => loadClassification(client, classificationId),
  );
  return { ...page, classifications };
}

/** The page language of the browser: the cookie the server renders with (SPEC §4). */
export function browserLanguage(): Language {
  const stored = readCookie(LANGUAGE_COOKIE);
  return isLanguage(stored) ? stored : 'de';
}

// The browser's API base, learnt from the first server answer; it never changes in a page.
let knownApiBase: string | undefined;

/**
 * The `clientLoader` of the record page. On hydration `serverLoader` answers what the server
 * rendered without a request. On later navigations a signed-in user or key holder reads
 * straight from the API; only visitors without a key go through the server loader, whose
 * public answer is all they may see anyway.
 */
export async function clientLoadRecordPage(
  id: string,
  serverLoader: () => Promise<RecordPageData>,
): Promise<RecordPageData> {
  const hasToken = Boolean(appStorage.getAccessToken());
  let base: RecordPageData;
  if (knownApiBase && (hasToken || accessKeys.get(id))) {
    base = {
      id,
      lang: browserLanguage(),
      apiBase: knownApiBase,
      record: null,
      classifications: {},
      // Not known without asking the server as a visitor; exports then go through the client.
      visitorCanRead: false,
      checked: false,
      keyRequired: false,
      keyRejected: false,
      jsonLd: null,
    };
  } else {
    base = await serverLoader();
    knownApiBase = base.apiBase;
  }
  return loadRecordInBrowser(base, {
    client: loaderClient(base.apiBase),
    hasToken,
    keys: accessKeys,
  });
}
