import { useEffect, useMemo, useState } from 'react';
import { getAccessKey } from '../access-keys';
import { useAccess } from '../auth/access';
import type { HttpClient } from './http-client';
import { createTransfer } from './transfer';
import { isAbsoluteUrl } from './url';

/**
 * The API path of a URL the server answered (a search hit's thumbnail): the part after the API
 * base's path when it starts with it, the path itself otherwise. Foreign absolute URLs stay.
 */
export function apiPathOf(client: HttpClient, url: string): string {
  if (isAbsoluteUrl(url) && !url.startsWith(client.url(''))) return url;
  const base = client.url('').replace(/\/$/, '');
  const basePath = isAbsoluteUrl(base) ? new URL(base).pathname.replace(/\/$/, '') : base;
  const path = isAbsoluteUrl(url) ? new URL(url).pathname + new URL(url).search : url;
  return basePath && path.startsWith(`${basePath}/`) ? path.slice(basePath.length) : path;
}

/**
 * The `src` for an image the server answered a URL of (the way the files panel shows
 * thumbnails, features/files): `plain` puts the URL itself into the tag (a record a visitor may
 * read); `fetched` reads the bytes through the client with the user's token and access key and
 * shows them from a `blob:` URL (a draft, a record shared with the user), released when the
 * image goes away. Undefined while loading and after a failure.
 */
export function useImageSource(
  url: string | undefined,
  mode: 'plain' | 'fetched',
): string | undefined {
  const { client, auth } = useAccess();
  const path = url === undefined ? undefined : apiPathOf(client, url);
  const transfer = useMemo(
    () =>
      createTransfer({
        url: (target) => client.url(target),
        getToken: () => auth.getSnapshot().token,
        getAccessKey,
      }),
    [client, auth],
  );
  const [fetched, setFetched] = useState<string | undefined>(undefined);

  useEffect(() => {
    if (mode !== 'fetched' || path === undefined) return;
    const controller = new AbortController();
    let objectUrl: string | undefined;
    setFetched(undefined);
    transfer.download(path, { signal: controller.signal }).then(
      (blob) => {
        objectUrl = URL.createObjectURL(blob);
        setFetched(objectUrl);
      },
      () => undefined,
    );
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [transfer, path, mode]);

  if (path === undefined) return undefined;
  return mode === 'plain' ? client.url(path) : fetched;
}
