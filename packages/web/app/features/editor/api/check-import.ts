import type { ImportCheck } from '@geoportal/contract/record-import';
import { recordImportSchemas } from '../../../lib/http/contract-schemas';
import type { HttpClient } from '../../../lib/http/http-client';

/**
 * What importing the ISO 19139 file would meet (`POST /object/import/check`): the existing
 * record its identifier names, as far as the caller may see it. Stores nothing.
 */
export async function checkImport(client: HttpClient, file: Blob): Promise<ImportCheck> {
  return client.post('/object/import/check', {
    body: file,
    headers: { 'Content-Type': 'application/xml' },
    blocking: true,
    schema: (await recordImportSchemas()).ImportCheck,
    invalid: 'an invalid import check',
  });
}
