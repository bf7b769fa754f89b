/**
 * Route names of SPEC §2 and their paths: the one place where paths are written. Links are
 * built from names with `pathTo`, never from string literals.
 */
export const routePaths = {
  home: '/',
  login: '/login',
  content: '/content',
  management: '/management',
  metadata: '/metadata',
  search: '/search',
} as const;

export type RouteName = keyof typeof routePaths;

/** The path of a named route. */
export function pathTo(name: RouteName): string {
  return routePaths[name];
}
