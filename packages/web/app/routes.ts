import { index, type RouteConfig, route } from '@react-router/dev/routes';
import { type RouteName, routePaths } from './route-paths';

/** A child's path below its group, e.g. `profile/:name` for `management.profile`. */
const child = (group: RouteName, name: RouteName) =>
  routePaths[name].slice(routePaths[group].length + 1);

/**
 * The route table. Each route's id is its name from SPEC §2, so links, guards and
 * breadcrumbs refer to names and `route-paths.ts` is the one place that knows paths.
 * Every module is its own chunk, loaded when its route is first visited. Guards are data:
 * a route module's `handle.guard` names the roles it needs.
 */
export default [
  route(routePaths.home, './routes/home.tsx', { id: 'home' }),
  route(routePaths.login, './routes/login.tsx', { id: 'login' }),
  route(routePaths.content, './routes/content.tsx', { id: 'content' }, [
    route(child('content', 'content.static'), './routes/content-static.tsx', {
      id: 'content.static',
    }),
  ]),
  route(routePaths.management, './routes/management.tsx', { id: 'management' }, [
    index('./routes/management-index.tsx', { id: 'management.index' }),
    route(child('management', 'management.users'), './routes/management-users.tsx', {
      id: 'management.users',
    }),
    route(child('management', 'management.groups'), './routes/management-groups.tsx', {
      id: 'management.groups',
    }),
    route(child('management', 'management.processes'), './routes/management-processes.tsx', {
      id: 'management.processes',
    }),
    route(child('management', 'management.command'), './routes/management-command.tsx', {
      id: 'management.command',
    }),
    route(child('management', 'management.profile'), './routes/management-profile.tsx', {
      id: 'management.profile',
    }),
    route(child('management', 'management.audit'), './routes/management-audit.tsx', {
      id: 'management.audit',
    }),
    route(
      child('management', 'management.harvesters'),
      './routes/management-harvesters.tsx',
      { id: 'management.harvesters' },
      [
        index('./routes/management-harvesters-index.tsx', { id: 'management.harvesters.index' }),
        route(
          child('management.harvesters', 'management.harvesters.create'),
          './routes/management-harvesters-create.tsx',
          { id: 'management.harvesters.create' },
        ),
        route(
          child('management.harvesters', 'management.harvesters.detail'),
          './routes/management-harvesters-detail.tsx',
          { id: 'management.harvesters.detail' },
        ),
      ],
    ),
  ]),
  route(routePaths.metadata, './routes/metadata.tsx', { id: 'metadata' }, [
    index('./routes/metadata-index.tsx', { id: 'metadata.index' }),
    route(child('metadata', 'metadata.create'), './routes/metadata-create.tsx', {
      id: 'metadata.create',
    }),
    route(child('metadata', 'metadata.mine'), './routes/metadata-mine.tsx', {
      id: 'metadata.mine',
    }),
    route(child('metadata', 'metadata.review'), './routes/metadata-review.tsx', {
      id: 'metadata.review',
    }),
    route(child('metadata', 'metadata.edit'), './routes/metadata-edit.tsx', {
      id: 'metadata.edit',
    }),
    // Public records render on the server; drafts load in the browser (metadata-record.tsx).
    route(child('metadata', 'metadata.record'), './routes/metadata-record.tsx', {
      id: 'metadata.record',
    }),
  ]),
  route(`${routePaths.search}/*`, './routes/search.tsx', { id: 'search' }),
  // An unknown path goes to the home page (SPEC §2).
  route('*', './routes/unknown.tsx', { id: 'unknown' }),
] satisfies RouteConfig;
