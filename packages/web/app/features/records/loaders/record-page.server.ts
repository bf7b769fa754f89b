import { data } from 'react-router';
import { loadClassificationOnServer } from '../../../lib/classifications/classification-api';
import { languageOf } from '../../../lib/i18n.server';
import type { ClientConfig } from '../../../lib/web-config-context';
import { getPublicRecord } from '../api/get-public-record.server';
import { classificationsNeeded, loadRecordClassifications } from '../model/record-classifications';
import type { RecordPageData } from './record-page-data';

/**
 * The record page as a visitor sees it, rendered on the server: crawlers and visitors get the
 * complete page of a published record, classification labels included (the classifications
 * it uses are read in parallel; one that fails leaves codes on the page, not an error). A
 * record a visitor may not read answers 404 (search engines must not keep the address) but
 * still renders the page, whose `clientLoader` then tries again in the browser with the
 * user's token or access key. It is not thrown as an error: a route whose server loader
 * failed does not run its `clientLoader` on hydration.
 */
export async function loadRecordPageOnServer(
  request: Request,
  ssrApiBase: string,
  client: Pick<ClientConfig, 'apiBase'>,
  id: string,
) {
  const record = await getPublicRecord(ssrApiBase, id);
  const classifications = record
    ? await loadRecordClassifications(classificationsNeeded(record), (classificationId) =>
        loadClassificationOnServer(ssrApiBase, classificationId),
      )
    : {};
  const page: RecordPageData = {
    id,
    lang: languageOf(request),
    apiBase: client.apiBase,
    record,
    classifications,
    visitorCanRead: record !== null,
    checked: false,
    keyRequired: false,
    keyRejected: false,
  };
  return data(page, { status: record ? 200 : 404 });
}
