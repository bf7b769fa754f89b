import { index, type RouteConfig, route } from '@react-router/dev/routes';
import { routePaths } from './route-paths';

/** A child path: the part of `routePaths[name]` below its parent's path. */
const below = (parent: string, child: string) => child.slice(parent.length + 1);

/**
 * The route table. Each route's id is its name from SPEC §2, so links, guards and
 * breadcrumbs refer to names and `route-paths.ts` is the one place that knows paths.
 * Every module is its own chunk, loaded when its route is first visited. Guards are data:
 * a route module's `handle.guard` names the roles it needs.
 */
export default [
  route(routePaths.home, './routes/home.tsx', { id: 'home' }),
  route(routePaths.login, './routes/login.tsx', { id: 'login' }),
  route(`${routePaths.content}/*`, './routes/content.tsx', { id: 'content' }),
  route(routePaths.management, './routes/management.tsx', { id: 'management' }, [
    index('./routes/management-index.tsx', { id: 'management.index' }),
    route(
      below(routePaths.management, routePaths['management.profile']),
      './routes/management-profile.tsx',
      { id: 'management.profile' },
    ),
  ]),
  route(`${routePaths.metadata}/*`, './routes/metadata.tsx', { id: 'metadata' }),
  route(`${routePaths.search}/*`, './routes/search.tsx', { id: 'search' }),
  // An unknown path goes to the home page (SPEC §2).
  route('*', './routes/unknown.tsx', { id: 'unknown' }),
] satisfies RouteConfig;
