import { BearerToken } from '@geoportal/contract/files';
import type { HttpClient } from '../../../lib/http/http-client';
import { bearerIssuePath } from './file-paths';

/**
 * `POST /object/{id}/{bundle}/bearer`: a signed token for the bundle's files, valid for a few
 * minutes, for tags that cannot send the token or an access key (img, iframe, video, track,
 * download links). The client sends the caller's token and the object's key along.
 */
export async function issueBearerToken(
  client: HttpClient,
  id: string,
  bundle: string,
): Promise<BearerToken> {
  return BearerToken.parse(await client.post<unknown>(bearerIssuePath(id, bundle)));
}
