import { PreviewType } from '@geoportal/contract/files';
import type { HttpClient } from '../../../lib/http/http-client';
import { previewTypePath } from './file-paths';

/**
 * `GET /object/preview/{id}/type` (text): what the server can preview of the object's index
 * file. Anything unexpected counts as `none`.
 */
export async function getPreviewType(client: HttpClient, id: string): Promise<PreviewType> {
  const text = await client.get<string>(previewTypePath(id), { responseType: 'text' });
  const parsed = PreviewType.safeParse(text.trim());
  return parsed.success ? parsed.data : 'none';
}
