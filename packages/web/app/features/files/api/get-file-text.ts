import type { HttpClient } from '../../../lib/http/http-client';
import { type FileRef, filePath } from './file-paths';

/**
 * A file's text through the client (token and access key travel along). With `maxBytes`
 * only the start is asked for (`Range: bytes=0-…`, 206); a server that ignores the range
 * answers the whole file, which is then cut here. A character cut in half at the end is
 * dropped (the decoder shows it as U+FFFD).
 */
export async function getFileText(
  client: HttpClient,
  ref: FileRef,
  { maxBytes, signal }: { maxBytes?: number; signal?: AbortSignal } = {},
): Promise<string> {
  const text = await client.get<string>(filePath(ref), {
    responseType: 'text',
    headers: maxBytes ? { Range: `bytes=0-${maxBytes - 1}` } : undefined,
    signal,
  });
  if (!maxBytes) return text;
  const cut = text.length > maxBytes ? text.slice(0, maxBytes) : text;
  return cut.replace(/\uFFFD+$/, '');
}
