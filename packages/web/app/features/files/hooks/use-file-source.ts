import type { PreviewRendition } from '@geoportal/contract/files';
import { useEffect, useState } from 'react';
import { useAccess } from '../../../lib/auth/access';
import { useTransfer } from '../../../lib/http/use-transfer';
import { bearerFilePath, type FileRef, filePath, previewImagePath } from '../api/file-paths';
import { type SourceMode, tagSource } from '../model/file-source';
import { useBearerToken } from './use-bearer-token';

export interface FileSource {
  /** The URL for the tag; undefined while loading or after a failure. */
  src?: string;
  /** Whole percent loaded, while a fetched file is on its way. */
  percent?: number;
  error?: unknown;
  /** Asks for a new signed URL (a player whose token ran out); a no-op for other sources. */
  renew?: () => void;
}

/**
 * The address of a file (or of its `rendition`) for a tag (model/file-source.ts): the plain
 * URL; a signed URL for records a visitor may not read; or, for renditions of those, the
 * bytes fetched through the client as a `blob:` URL, released when the viewer goes away or
 * shows something else.
 */
export function useFileSource(
  ref: FileRef,
  mode: SourceMode,
  rendition?: PreviewRendition,
): FileSource {
  const { client } = useAccess();
  const transfer = useTransfer();
  const how = tagSource(mode, rendition !== undefined);
  const path = rendition ? previewImagePath(rendition, ref) : filePath(ref);
  const bearer = useBearerToken(ref.id, ref.bundle, how === 'signed');
  const [fetched, setFetched] = useState<FileSource>({ percent: 0 });

  useEffect(() => {
    if (how !== 'fetched') return;
    const controller = new AbortController();
    let url: string | undefined;
    setFetched({ percent: 0 });
    transfer
      .download(path, {
        signal: controller.signal,
        onProgress: (percent) => setFetched({ percent }),
      })
      .then(
        (blob) => {
          url = URL.createObjectURL(blob);
          setFetched({ src: url });
        },
        (error: unknown) => {
          if (!controller.signal.aborted) setFetched({ error });
        },
      );
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [transfer, path, how]);

  if (how === 'plain') return { src: client.url(path) };
  if (how === 'fetched') return fetched;
  if (bearer.error !== undefined) return { error: bearer.error, renew: bearer.renew };
  return {
    src: bearer.token === undefined ? undefined : client.url(bearerFilePath(ref, bearer.token)),
    renew: bearer.renew,
  };
}
