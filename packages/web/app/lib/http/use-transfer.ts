import { useMemo } from 'react';
import { getAccessKey } from '../access-keys';
import { useAccess } from '../auth/access';
import { createTransfer, type Transfer } from './transfer';

/**
 * Uploads and downloads with progress, over the same token, access keys and API base as the
 * page's HTTP client.
 */
export function useTransfer(): Transfer {
  const { client, auth } = useAccess();
  return useMemo(
    () =>
      createTransfer({
        url: (path) => client.url(path),
        getToken: () => auth.getSnapshot().token,
        getAccessKey,
      }),
    [client, auth],
  );
}
