import { startTransition, useEffect, useRef } from 'react';
import { useRevalidator } from 'react-router';
import { ErrorPage } from '../components/layout/error-page';
import { SearchPage } from '../features/search/components/search-page';
import {
  clientLoadSearchPage,
  rememberSearchApiBase,
} from '../features/search/loaders/search-page.client';
import { loadSearchPageOnServer } from '../features/search/loaders/search-page.server';
import { isPlainSearch, parseSearchState } from '../features/search/model/search-state';
import { useReloadOnSessionChange } from '../lib/auth/use-reload-on-session-change';
import { isPageHydrated } from '../lib/client-only';
import { pageMeta } from '../lib/page-meta';
import { appStorage } from '../lib/storage';
import { webConfigContext } from '../lib/web-config-context';
import { pathTo } from '../route-paths';
import type { Route } from './+types/search';

/**
 * Loading, in two steps:
 * 1. `loader` runs on the server and searches as a visitor for the address's state, so the
 *    first paint and crawlers get the hits, facets and labels.
 * 2. `clientLoader` asks the API from the browser on every later change of the address. It
 *    does not run on hydration: a visitor's page is the server's, and for a signed-in user
 *    (whose drafts count) the route revalidates once the page is up. A hydration-time
 *    `clientLoader` started a router navigation inside hydration and re-rendered the whole
 *    page when it ended: two long main-thread tasks on a phone (bench:lighthouse, issue 22).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const config = context.get(webConfigContext);
  return loadSearchPageOnServer(request, config.ssrApiBase, config);
}

export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  return clientLoadSearchPage(request, serverLoader);
}

const searchMeta = pageMeta('route.search');

/**
 * Title and canonical link (the plain search page for every variant); only the plain page
 * may be indexed: a query, a filter, an extent, a sort, a later page or a path below it
 * answer `noindex` (crawlers still follow its links).
 */
export function meta(args: Route.MetaArgs) {
  const { pathname, search } = args.location;
  const plain =
    pathname.replace(/\/+$/, '') === pathTo('search') &&
    isPlainSearch(parseSearchState(new URLSearchParams(search)));
  const entries = searchMeta(args);
  return plain ? entries : [...entries, { name: 'robots', content: 'noindex' }];
}

/** Breadcrumb label key of this route (SPEC §2). */
export const handle = { breadcrumb: 'route.search' };

export default function SearchRoute({ loaderData }: Route.ComponentProps) {
  // Drafts and shared records count only for the user who may read them: search again.
  const revalidator = useRevalidator();
  useReloadOnSessionChange(() => void revalidator.revalidate());
  // True only for the page the server rendered, until its one revalidation (see `loader`).
  const afterHydration = useRef(!isPageHydrated());
  useEffect(() => {
    rememberSearchApiBase(loaderData.apiBase);
    if (!afterHydration.current) return;
    afterHydration.current = false;
    if (appStorage.getAccessToken()) startTransition(() => void revalidator.revalidate());
  }, [loaderData.apiBase, revalidator]);
  return <SearchPage data={loaderData} />;
}

export function ErrorBoundary() {
  return <ErrorPage />;
}
