import { data } from 'react-router';
import { languageOf } from '../../../lib/i18n.server';
import type { ClientConfig } from '../../../lib/web-config-context';
import { getPublicRecord } from '../api/get-public-record.server';
import type { RecordPageData } from './record-page-data';

/**
 * The record page as a visitor sees it, rendered on the server: crawlers and visitors get the
 * complete page of a published record. A record a visitor may not read answers 404 (search
 * engines must not keep the address) but still renders the page, whose `clientLoader` then
 * tries again in the browser with the user's token or access key. It is not thrown as an
 * error: a route whose server loader failed does not run its `clientLoader` on hydration.
 */
export async function loadRecordPageOnServer(
  request: Request,
  ssrApiBase: string,
  client: Pick<ClientConfig, 'apiBase'>,
  id: string,
) {
  const record = await getPublicRecord(ssrApiBase, id);
  const page: RecordPageData = {
    id,
    lang: languageOf(request),
    apiBase: client.apiBase,
    record,
    checked: false,
    keyRequired: false,
    keyRejected: false,
  };
  return data(page, { status: record ? 200 : 404 });
}
