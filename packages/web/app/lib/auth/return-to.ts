import { pathTo, routePaths } from '../../route-paths';
import { type AppStorage, appStorage } from '../storage';

/** Parameter values of a route state. */
export type RouteParams = Readonly<Record<string, string | number | boolean | null | undefined>>;

/** A route name with parameters, e.g. `{ name: 'content', params: { fileName: 'legal' } }`. */
export interface RouteTarget {
  name: string;
  params?: RouteParams;
}

/**
 * Where to go after login (SPEC §4): a route state with parameters, an in-app URL starting
 * with `/` (e.g. `/search?q=x`), or a route name.
 */
export type ReturnTarget = RouteTarget | string;

// Only used to parse relative URLs: a result on another origin was an escape attempt.
const PROBE_ORIGIN = 'http://return-to.invalid';

/** Remembers the target for after login, for this browser tab only (session storage). */
export function storeReturnTo(target: ReturnTarget, storage: AppStorage = appStorage): void {
  storage.setReturnTo(target);
}

/** The remembered target, or null when there is none or it has no valid shape. */
export function readReturnTo(storage: AppStorage = appStorage): ReturnTarget | null {
  const value = storage.getReturnTo();
  if (typeof value === 'string') return value;
  if (isRouteTarget(value)) return value;
  return null;
}

/** Forgets the remembered target. */
export function clearReturnTo(storage: AppStorage = appStorage): void {
  storage.removeReturnTo();
}

function isRouteTarget(value: unknown): value is RouteTarget {
  if (!value || typeof value !== 'object') return false;
  const { name, params } = value as { name?: unknown; params?: unknown };
  return (
    typeof name === 'string' &&
    (params === undefined ||
      params === null ||
      (typeof params === 'object' && !Array.isArray(params)))
  );
}

/**
 * An in-app URL made safe: only a path on this site. Absolute (`http://…`),
 * protocol-relative (`//evil`, `/\evil`) and script (`javascript:`) URLs answer null.
 */
export function safeInAppPath(url: string): string | null {
  if (!url.startsWith('/')) return null;
  let parsed: URL;
  try {
    // The URL parser treats `\`, tabs and newlines the way browsers do, which a
    // hand-written check would miss (`/\evil.com` and `/\t/evil.com` leave the site).
    parsed = new URL(url, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (parsed.origin !== PROBE_ORIGIN) return null;
  return `${parsed.pathname}${parsed.search}${parsed.hash}`;
}

/**
 * The path of a named route with its parameters: `:name` segments are filled in (`:name?`
 * may stay empty), the other parameters become the query. Null for an unknown route or a
 * missing required parameter.
 */
export function routeTargetPath(target: RouteTarget): string | null {
  if (!Object.hasOwn(routePaths, target.name)) return null;
  const pattern = (routePaths as Readonly<Record<string, string>>)[target.name] as string;
  const params = new Map(
    Object.entries(target.params ?? {}).filter(
      (entry): entry is [string, string | number | boolean] =>
        entry[1] !== null && entry[1] !== undefined,
    ),
  );
  let missing = false;
  const path = pattern.replace(/:(\w+)(\?)?/g, (_, name: string, optional?: string) => {
    const value = params.get(name);
    params.delete(name);
    if (value === undefined) {
      if (!optional) missing = true;
      return '';
    }
    return encodeURIComponent(String(value));
  });
  if (missing) return null;
  // An empty optional segment leaves `//` or a trailing `/` behind.
  const cleaned = path.replace(/\/{2,}/g, '/').replace(/(.)\/$/, '$1');
  const query = new URLSearchParams([...params].map(([k, v]) => [k, String(v)])).toString();
  return query ? `${cleaned}?${query}` : cleaned;
}

/**
 * The safe in-app path of a return target, or null when it cannot be resolved. A target that
 * leads back to the login page counts as none, so a login never ends on the login page.
 */
export function resolveReturnTo(target: unknown): string | null {
  let path: string | null = null;
  if (typeof target === 'string') {
    path = target.startsWith('/') ? safeInAppPath(target) : routeTargetPath({ name: target });
  } else if (isRouteTarget(target)) {
    path = routeTargetPath(target);
  }
  if (path === null) return null;
  return path.split(/[?#]/, 1)[0] === pathTo('login') ? null : path;
}

/**
 * Where to go after a successful login (SPEC §4): the remembered target, else home. The
 * remembered target is cleared. If navigating there fails, the caller goes home.
 */
export function takeReturnPath(storage: AppStorage = appStorage): string {
  const path = resolveReturnTo(storage.getReturnTo());
  clearReturnTo(storage);
  return path ?? pathTo('home');
}
