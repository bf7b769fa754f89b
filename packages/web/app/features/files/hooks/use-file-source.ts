import { useEffect, useState } from 'react';
import { useAccess } from '../../../lib/auth/access';
import type { SourceMode } from '../model/file-source';
import { useTransfer } from './use-transfer';

export interface FileSource {
  /** The URL for the tag; undefined while loading or after a failure. */
  src?: string;
  /** Whole percent loaded, while a fetched file is on its way. */
  percent?: number;
  error?: unknown;
}

/**
 * The address of a file (or of its rendition) for a tag: the plain URL, or, for records a
 * visitor may not read, the bytes fetched through the client as a `blob:` URL, released when
 * the viewer goes away or shows something else.
 */
export function useFileSource(path: string, mode: SourceMode): FileSource {
  const { client } = useAccess();
  const transfer = useTransfer();
  const [state, setState] = useState<FileSource>(() =>
    mode === 'plain' ? { src: client.url(path) } : { percent: 0 },
  );

  useEffect(() => {
    if (mode === 'plain') {
      setState({ src: client.url(path) });
      return;
    }
    const controller = new AbortController();
    let url: string | undefined;
    setState({ percent: 0 });
    transfer
      .download(path, {
        signal: controller.signal,
        onProgress: (percent) => setState({ percent }),
      })
      .then(
        (blob) => {
          url = URL.createObjectURL(blob);
          setState({ src: url });
        },
        (error: unknown) => {
          if (!controller.signal.aborted) setState({ error });
        },
      );
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [client, transfer, path, mode]);

  return state;
}
