import type { ObjectNormal } from '@geoportal/contract/object';
import type { ImportQuery } from '@geoportal/contract/record-import';
import { normalRecordAnswer } from '../../../lib/api/record-answers';
import type { HttpClient } from '../../../lib/http/http-client';

/**
 * Imports an ISO 19139 XML file as a new draft (`POST /object/import`) and answers it. The
 * file goes as it is (a Blob): the XML declares its own encoding, which reading it as text
 * first could break. Rejects with an `HttpRequestError`: 400 `record.import_invalid` (the
 * message names line and column), 409 `record.exists` when the file's identifier names an
 * existing record (only as `new`; a `copy` gets an identifier of its own), 413
 * `request.too_large`.
 */
export async function importRecord(
  client: HttpClient,
  file: Blob,
  as: ImportQuery['as'] = 'new',
): Promise<ObjectNormal> {
  return client.post(`/object/import${as === 'copy' ? '?as=copy' : ''}`, {
    body: file,
    headers: { 'Content-Type': 'application/xml' },
    blocking: true,
    ...(await normalRecordAnswer()),
  });
}
