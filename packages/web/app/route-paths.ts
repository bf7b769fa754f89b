/**
 * Route names of SPEC §2 and their paths: the one place where paths are written. Links are
 * built from names with `pathTo`, never from string literals.
 */
export const routePaths = {
  home: '/',
  login: '/login',
  content: '/content',
  management: '/management',
  'management.profile': '/management/profile/:name',
  metadata: '/metadata',
  search: '/search',
} as const;

export type RouteName = keyof typeof routePaths;

/** The path of a named route, its `:param` segments filled in (URL-encoded). */
export function pathTo(name: RouteName, params: Record<string, string> = {}): string {
  return routePaths[name].replace(/:(\w+)\??/g, (_, key: string) =>
    encodeURIComponent(params[key] ?? ''),
  );
}
