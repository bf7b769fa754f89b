import { SubtitleTrack } from '@geoportal/contract/files';
import type { HttpClient } from '../../../lib/http/http-client';
import { subtitlesPath } from './file-paths';

/** `GET /media/subtitles/{id}`: the object's WebVTT tracks; malformed entries are left out. */
export async function getSubtitles(client: HttpClient, id: string): Promise<SubtitleTrack[]> {
  const answer = await client.get<unknown>(subtitlesPath(id));
  if (!Array.isArray(answer)) return [];
  return answer.flatMap((item: unknown) => {
    const track = SubtitleTrack.safeParse(item);
    return track.success ? [track.data] : [];
  });
}
