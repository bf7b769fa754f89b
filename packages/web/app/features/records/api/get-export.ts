import { objectPath } from '../../../lib/api/object-path';
import type { HttpClient } from '../../../lib/http/http-client';
import type { ExportFormat } from '../model/export-formats';

/**
 * A record's metadata export as text, read through the client so the session token and a
 * held access key travel along (a draft's export needs them). Fresh from the server, since
 * the record may just have been saved.
 */
export function getExport(client: HttpClient, id: string, format: ExportFormat): Promise<string> {
  return client.get<string>(objectPath(id), {
    query: { format: format.format },
    responseType: 'text',
    noCache: true,
    headers: { Accept: format.mediaType },
  });
}

/** The export's plain address, for records a visitor may read (no headers needed). */
export function exportUrl(client: HttpClient, id: string, format: ExportFormat): string {
  return client.url(objectPath(id), { format: format.format });
}
