import { useCallback, useContext, useEffect, useRef, useState } from 'react';
import {
  UNSAFE_DataRouterContext as DataRouterContext,
  useLocation,
  useNavigate,
} from 'react-router';
import { type MapUrlState, parseMapUrl, serializeMapUrl } from '../model/url-state';

export type MapStateToWrite = Parameters<typeof serializeMapUrl>[0];

/**
 * The map's state in the page address. `initial` is what the address said when the map
 * mounted; `write` makes a new history entry (or replaces the current one) without
 * remounting anything; `onExternalChange` runs when the address changes by other means —
 * back, forward or a link — with what it now says.
 */
export function useMapUrl(onExternalChange: (state: MapUrlState) => void) {
  const location = useLocation();
  const navigate = useNavigate();
  // A navigation away is under way: writing the address now would cancel it. The router's
  // own state is asked, not the rendered one (`useNavigation`), which lags: the router
  // renders it in a transition, late on a busy machine, and a link clicked in the map's
  // popup just before a pending write would be cancelled by that write.
  const dataRouter = useContext(DataRouterContext);
  const navigating = useCallback(
    () => (dataRouter?.router.state.navigation.state ?? 'idle') !== 'idle',
    [dataRouter],
  );
  const [initial] = useState(() => parseMapUrl(location.search));
  // What this hook wrote last, so its own navigation is not taken for an outside change.
  const written = useRef(location.search.replace(/^\?/, ''));
  const external = useRef(onExternalChange);
  external.current = onExternalChange;

  // Compared with what was written, on every new location (not only a new search string):
  // when the visitor goes back before React has rendered the entry the map wrote (a busy
  // machine), React renders the older address again, whose text equals the one rendered
  // before, while the map shows the written view.
  useEffect(() => {
    const search = location.search.replace(/^\?/, '');
    if (search === written.current) return;
    written.current = search;
    external.current(parseMapUrl(search));
  }, [location]);

  const write = useCallback(
    (state: MapStateToWrite, options: { replace?: boolean } = {}) => {
      if (navigating() || window.location.pathname !== location.pathname) return;
      const current = new URLSearchParams(window.location.search);
      const search = serializeMapUrl(state, current);
      if (search === current.toString() || search === written.current) return;
      written.current = search;
      navigate(
        { search: `?${search}` },
        { replace: options.replace ?? false, preventScrollReset: true },
      );
    },
    [navigate, navigating, location.pathname],
  );

  return { initial, write };
}
