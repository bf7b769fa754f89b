/**
 * The paths of the web app's public pages, for the server's links into the app (the sitemap,
 * OAI-PMH, feeds). They must equal what the web app's route table builds
 * (packages/web/app/route-paths.ts); a web test holds them to it.
 */

/** The home page (the map). */
export const HOME_PATH = '/';

/** The search page without any query, filter or sort. */
export const SEARCH_PATH = '/search';

/** A record's page (`metadata.record`). */
export function recordPagePath(id: string): string {
  return `/metadata/${encodeURIComponent(id)}`;
}

/** A static page (`content.static`), e.g. `/content/legal`. */
export function contentPagePath(fileName: string): string {
  return `/content/${encodeURIComponent(fileName)}`;
}
