import { SubtitleTrack } from '@geoportal/contract/files';
import type { HttpClient } from '../../../lib/http/http-client';
import { subtitlesPath } from './file-paths';

/**
 * `GET /media/subtitles/{id}`: the object's WebVTT tracks; malformed entries are left out.
 * The server labels tracks in the `Accept-Language`, which is the browser's, not the page's:
 * `locale` asks for the page language.
 */
export async function getSubtitles(
  client: HttpClient,
  id: string,
  locale: string,
): Promise<SubtitleTrack[]> {
  const answer = await client.get<unknown>(subtitlesPath(id), {
    headers: { 'Accept-Language': locale },
  });
  if (!Array.isArray(answer)) return [];
  return answer.flatMap((item: unknown) => {
    const track = SubtitleTrack.safeParse(item);
    return track.success ? [track.data] : [];
  });
}
