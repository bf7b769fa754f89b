import type { BearerToken } from '@geoportal/contract/files';
import { useCallback, useEffect, useState } from 'react';
import { getAccessKey } from '../../../lib/access-keys';
import { useAccess } from '../../../lib/auth/access';
import { issueBearerToken } from '../api/issue-bearer-token';
import { bearerKey, createBearerCache } from '../model/bearer-cache';

/** One cache per page: every viewer of a bundle shares its token. */
const cache = createBearerCache();

/**
 * A function that gives a signed token for a bundle of the object, issued for the current
 * caller (session token, access key) and reused from the page's cache while it lasts.
 * `fresh` drops the cached one first, e.g. after the server refused it.
 */
export function useBearerTokens(): (
  id: string,
  bundle: string,
  fresh?: boolean,
) => Promise<BearerToken> {
  const { client, auth } = useAccess();
  return useCallback(
    (id, bundle, fresh = false) => {
      const key = bearerKey(id, bundle, {
        token: auth.getSnapshot().token,
        accessKey: getAccessKey(id),
      });
      if (fresh) cache.forget(key);
      return cache.get(key, () => issueBearerToken(client, id, bundle));
    },
    [client, auth],
  );
}

export interface BearerState {
  token?: string;
  error?: unknown;
}

/**
 * The signed token of one bundle while `enabled`; `renew` asks for a new one (a player whose
 * token ran out while it was open).
 */
export function useBearerToken(
  id: string,
  bundle: string,
  enabled: boolean,
): BearerState & { renew: () => void } {
  const tokens = useBearerTokens();
  const [state, setState] = useState<BearerState>({});
  // A new object for every renewal, so the effect runs again; `fresh` skips the cache.
  const [request, setRequest] = useState({ fresh: false });

  useEffect(() => {
    if (!enabled) {
      setState({});
      return;
    }
    let active = true;
    tokens(id, bundle, request.fresh).then(
      (issued) => {
        if (active) setState({ token: issued.token });
      },
      (error: unknown) => {
        if (active) setState({ error });
      },
    );
    return () => {
      active = false;
    };
  }, [tokens, id, bundle, enabled, request]);

  const renew = useCallback(() => setRequest({ fresh: true }), []);
  return { ...state, renew };
}
