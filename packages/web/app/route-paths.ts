/**
 * Route names of SPEC §2 and their paths: the one place where paths are written. Links are
 * built from names with `pathTo`, never from string literals.
 */
export const routePaths = {
  home: '/',
  login: '/login',
  content: '/content',
  'content.static': '/content/:fileName',
  management: '/management',
  'management.users': '/management/users',
  'management.groups': '/management/groups',
  'management.processes': '/management/processes',
  'management.command': '/management/command',
  'management.audit': '/management/audit',
  'management.harvesters': '/management/harvesters',
  // The fixed child first: a harvester id is a UUID, never `new`.
  'management.harvesters.create': '/management/harvesters/new',
  'management.harvesters.detail': '/management/harvesters/:id',
  'management.profile': '/management/profile/:name',
  metadata: '/metadata',
  'metadata.create': '/metadata/create',
  'metadata.mine': '/metadata/mine',
  'metadata.review': '/metadata/review',
  'metadata.edit': '/metadata/:id/edit',
  // After the fixed children: a record id never equals `create`, `mine` or `review` (10+
  // characters).
  'metadata.record': '/metadata/:id',
  search: '/search',
} as const;

export type RouteName = keyof typeof routePaths;

/** SPEC §8: the message when a link's parameters do not fit its route. */
export const INVALID_PARAMS = 'The following parameter values are not valid for state';

/**
 * The path of a named route, its `:param` segments filled in (URL-encoded). A missing or
 * empty parameter is an error, never a broken link.
 */
export function pathTo(name: RouteName, params: Record<string, string> = {}): string {
  const missing: string[] = [];
  const path = routePaths[name].replace(/:(\w+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined || value === '') missing.push(key);
    return encodeURIComponent(value ?? '');
  });
  if (missing.length > 0) throw new Error(`${INVALID_PARAMS} '${name}': ${missing.join(', ')}`);
  return path;
}
