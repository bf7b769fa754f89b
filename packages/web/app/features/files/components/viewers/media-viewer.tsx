import type { SubtitleTrack } from '@geoportal/contract/files';
import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { useAccess } from '../../../../lib/auth/access';
import { getSubtitles } from '../../api/get-subtitles';
import { useLoaded } from '../../hooks/use-loaded';
import { serverUrl } from '../../model/server-url';
import classes from '../files.module.css';

/** A track's label: the server's, else the language's name in the page language. */
export function trackLabel(track: SubtitleTrack, locale: string): string {
  if (track.label.trim()) return track.label;
  try {
    return new Intl.DisplayNames([locale], { type: 'language' }).of(track.lang) ?? track.lang;
  } catch {
    return track.lang;
  }
}

/**
 * A video or audio file in the browser's player, with the object's subtitles from
 * `GET /media/subtitles/{id}` as `<track kind="subtitles">`, labelled per language. Subtitles
 * that cannot be loaded leave the player without them rather than without the media.
 */
export function MediaViewer({
  kind,
  id,
  src,
  mediaType,
  title,
  fallback,
}: {
  kind: 'video' | 'audio';
  /** The object id, whose subtitles are asked for. */
  id: string;
  src: string;
  mediaType: string;
  /** Accessible name of the player. */
  title: string;
  /** Shown by browsers that cannot play the media: the download link. */
  fallback: React.ReactNode;
}) {
  const { client } = useAccess();
  const { locale } = useIntl();
  const tracks = useLoaded(
    useCallback(() => getSubtitles(client, id).catch(() => [] as SubtitleTrack[]), [client, id]),
  );
  const trackElements = (tracks.data ?? []).map((track) => (
    <track
      key={`${track.lang}-${track.url}`}
      kind="subtitles"
      src={serverUrl(client, track.url)}
      srcLang={track.lang}
      label={trackLabel(track, locale)}
    />
  ));
  if (kind === 'audio') {
    return (
      // biome-ignore lint/a11y/useMediaCaption: tracks come from the media endpoint, if any.
      <audio controls preload="metadata" className={classes.audio} aria-label={title}>
        <source src={src} type={mediaType} />
        {trackElements}
        {fallback}
      </audio>
    );
  }
  return (
    // biome-ignore lint/a11y/useMediaCaption: tracks come from the media endpoint, if any.
    <video controls preload="metadata" className={classes.media} aria-label={title} playsInline>
      <source src={src} type={mediaType} />
      {trackElements}
      {fallback}
    </video>
  );
}
