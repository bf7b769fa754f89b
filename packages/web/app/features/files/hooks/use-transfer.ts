import { useMemo } from 'react';
import { getAccessKey } from '../../../lib/access-keys';
import { useAccess } from '../../../lib/auth/access';
import { createTransfer, type Transfer } from '../../../lib/http/transfer';

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
