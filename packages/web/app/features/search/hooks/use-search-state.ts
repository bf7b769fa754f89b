import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate, useNavigation } from 'react-router';
import { pathTo } from '../../../route-paths';
import { parseSearchState, type SearchState, searchHref } from '../model/search-state';

/** The page's state, read from the address of the answer on screen. */
export function useSearchState(): SearchState {
  const { search } = useLocation();
  return useMemo(() => parseSearchState(new URLSearchParams(search)), [search]);
}

/** How a change is written to the history. */
export interface GoOptions {
  /**
   * Keep the scroll position (a facet, the sort, a chip, the map): the user stays where they
   * were. A new page of hits and a new query scroll to the top like any new page.
   */
  keepScroll?: boolean;
}

/**
 * Goes to a new state: every change pushes a history entry, so the back button walks through
 * the searches and a copied address shows the same results.
 */
export function useGoToSearch(): (state: SearchState, options?: GoOptions) => void {
  const navigate = useNavigate();
  return useCallback(
    (state, options = {}) => {
      void navigate(searchHref(pathTo('search'), state), {
        preventScrollReset: options.keepScroll === true,
      });
    },
    [navigate],
  );
}

/** Whether a new answer for the search page is on its way. */
export function useSearchPending(): boolean {
  const navigation = useNavigation();
  return navigation.state === 'loading' && navigation.location?.pathname === pathTo('search');
}
