import type { SubtitleTrack } from '@geoportal/contract/files';
import { Loader, Stack } from '@mantine/core';
import { useCallback, useRef } from 'react';
import { useIntl } from 'react-intl';
import { useAccess } from '../../../../lib/auth/access';
import { useLoaded } from '../../../../lib/hooks/use-loaded';
import { bearerFilePath, type FileRef, fileRefOfPath } from '../../api/file-paths';
import { getSubtitles } from '../../api/get-subtitles';
import { useBearerTokens } from '../../hooks/use-bearer-token';
import { useFileSource } from '../../hooks/use-file-source';
import type { SourceMode } from '../../model/file-source';
import { serverUrl } from '../../model/server-url';
import classes from '../files.module.css';
import { ViewerFailure } from './viewer-failure';

/** A track's label: the server's, else the language's name in the page language. */
export function trackLabel(track: SubtitleTrack, locale: string): string {
  if (track.label.trim()) return track.label;
  try {
    return new Intl.DisplayNames([locale], { type: 'language' }).of(track.lang) ?? track.lang;
  } catch {
    return track.lang;
  }
}

/** A subtitle track with the URL its `<track>` element can load. */
type PlayableTrack = SubtitleTrack & { src: string };

/**
 * The object's subtitles with URLs for `<track>`: as listed for plain sources; for signed
 * ones, each file under its bundle's signed token, since a track cannot send the session
 * token either. Subtitles that cannot be loaded leave the player without them rather than
 * without the media.
 */
function useTracks(id: string, mode: SourceMode, locale: string): PlayableTrack[] {
  const { client } = useAccess();
  const tokens = useBearerTokens();
  const load = useCallback(async () => {
    const listed = await getSubtitles(client, id, locale).catch(() => [] as SubtitleTrack[]);
    const playable = await Promise.all(
      listed.map(async (track): Promise<PlayableTrack | null> => {
        if (mode === 'plain') return { ...track, src: serverUrl(client, track.url) };
        const ref = fileRefOfPath(track.url);
        if (!ref) return { ...track, src: serverUrl(client, track.url) };
        try {
          const { token } = await tokens(ref.id, ref.bundle);
          return { ...track, src: client.url(bearerFilePath(ref, token)) };
        } catch {
          return null;
        }
      }),
    );
    return playable.filter((track): track is PlayableTrack => track !== null);
  }, [client, tokens, id, mode, locale]);
  return useLoaded(load).data ?? [];
}

/**
 * A video or audio file in the browser's player, with the object's subtitles from
 * `GET /media/subtitles/{id}` as `<track kind="subtitles">`, labelled per language. Records a
 * visitor may not read play from a signed URL, which streams and seeks like the plain one.
 */
export function MediaViewer({
  kind,
  fileRef,
  mode,
  mediaType,
  title,
  fallback,
}: {
  kind: 'video' | 'audio';
  fileRef: FileRef;
  mode: SourceMode;
  mediaType: string;
  /** Accessible name of the player. */
  title: string;
  /** Shown by browsers that cannot play the media: the download link. */
  fallback: React.ReactNode;
}) {
  const { locale, formatMessage } = useIntl();
  const source = useFileSource(fileRef, mode);
  const tracks = useTracks(fileRef.id, mode, locale);
  const player = useRef<HTMLVideoElement & HTMLAudioElement>(null);
  const resumeAt = useRef<number | null>(null);

  // A signed URL runs out after some minutes; a player left open that long fails on its next
  // range request. It then gets a new URL once and continues where it was.
  const handleError = () => {
    if (!source.renew || resumeAt.current !== null) return;
    resumeAt.current = player.current?.currentTime ?? 0;
    source.renew();
  };
  const handleLoadedMetadata = () => {
    if (resumeAt.current === null || !player.current) return;
    player.current.currentTime = resumeAt.current;
    resumeAt.current = null;
  };

  if (source.error !== undefined) {
    return (
      <Stack gap="xs">
        <ViewerFailure error={source.error} />
        {fallback}
      </Stack>
    );
  }
  if (!source.src) {
    return (
      <Loader size="sm" role="status" aria-label={formatMessage({ id: 'files.viewer.loading' })} />
    );
  }
  const trackElements = tracks.map((track) => (
    <track
      key={`${track.lang}-${track.url}`}
      kind="subtitles"
      src={track.src}
      srcLang={track.lang}
      label={trackLabel(track, locale)}
    />
  ));
  const sourceElement = <source src={source.src} type={mediaType} onError={handleError} />;
  if (kind === 'audio') {
    return (
      // biome-ignore lint/a11y/useMediaCaption: tracks come from the media endpoint, if any.
      <audio
        ref={player}
        // A new URL needs a new element: browsers do not reload a changed <source> themselves.
        key={source.src}
        controls
        preload="metadata"
        aria-label={title}
        onLoadedMetadata={handleLoadedMetadata}
        className={classes.audio}
      >
        {sourceElement}
        {trackElements}
        {fallback}
      </audio>
    );
  }
  return (
    // biome-ignore lint/a11y/useMediaCaption: tracks come from the media endpoint, if any.
    <video
      ref={player}
      key={source.src}
      controls
      preload="metadata"
      aria-label={title}
      onLoadedMetadata={handleLoadedMetadata}
      className={classes.media}
      playsInline
    >
      {sourceElement}
      {trackElements}
      {fallback}
    </video>
  );
}
