import { recordPagePath } from '@geoportal/contract/public-pages';
import { data } from 'react-router';
import { loadClassificationOnServer } from '../../../lib/classifications/classification-api';
import { languageOf } from '../../../lib/i18n.server';
import type { ClientConfig } from '../../../lib/web-config-context';
import { getPublicRecord, type PublicRecord } from '../api/get-public-record.server';
import { datasetJsonLd, type PublicFile } from '../model/dataset-json-ld';
import { classificationsNeeded, loadRecordClassifications } from '../model/record-classifications';
import { recordLabels } from '../model/record-labels';
import type { RecordPageData } from './record-page-data';

/** The API path of a file (`/object/{id}/{bundle}/{path}`); the files feature builds it. */
export type FilePathOf = (file: { id: string; bundle: string; path: string }) => string;

/**
 * The record page as a visitor sees it, rendered on the server: crawlers and visitors get the
 * complete page of a published record, classification labels included (the classifications
 * it uses are read in parallel; one that fails leaves codes on the page, not an error), and
 * its schema.org description, built from this visitor's view only. A record a visitor may
 * not read answers 404 (search engines must not keep the address) but still renders the
 * page, whose `clientLoader` then tries again in the browser with the user's token or access
 * key. It is not thrown as an error: a route whose server loader failed does not run its
 * `clientLoader` on hydration.
 */
export async function loadRecordPageOnServer(
  request: Request,
  ssrApiBase: string,
  client: Pick<ClientConfig, 'apiBase' | 'publicUrl'>,
  id: string,
  filePathOf: FilePathOf,
) {
  const visible = await getPublicRecord(ssrApiBase, id);
  const record = visible?.record ?? null;
  const classifications = record
    ? await loadRecordClassifications(classificationsNeeded(record), (classificationId) =>
        loadClassificationOnServer(ssrApiBase, classificationId),
      )
    : {};
  const lang = languageOf(request);
  const page: RecordPageData = {
    id,
    lang,
    apiBase: client.apiBase,
    record,
    classifications,
    visitorCanRead: record !== null,
    checked: false,
    keyRequired: false,
    keyRejected: false,
    jsonLd: visible
      ? datasetJsonLd({
          record: visible.record,
          url: `${client.publicUrl}${recordPagePath(id)}`,
          lang,
          labels: recordLabels(classifications, lang),
          files: publicFiles(visible, client, filePathOf),
        })
      : null,
  };
  return data(page, { status: record ? 200 : 404 });
}

/** The files of the bundles visitors see, with absolute addresses (search engines need them). */
function publicFiles(
  { record, bundles }: PublicRecord,
  { apiBase, publicUrl }: Pick<ClientConfig, 'apiBase' | 'publicUrl'>,
  filePathOf: FilePathOf,
): PublicFile[] {
  const base = /^https?:\/\//.test(apiBase) ? apiBase : `${publicUrl}${apiBase}`;
  return bundles.flatMap((bundle) =>
    bundle.files.map((file) => ({
      path: file.path,
      mediaType: file.mediaType,
      contentUrl: `${base}${filePathOf({ id: record.id, bundle: bundle.name, path: file.path })}`,
    })),
  );
}
