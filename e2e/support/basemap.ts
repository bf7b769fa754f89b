import type { Page, Response } from '@playwright/test';

const TILE = /\/geoth\/basemap\/tiles\/\d+\/\d+\/\d+\.pbf$/;

/**
 * Watches what a page asks of the offline basemap: `paths` collects every basemap request's
 * path, `firstTile` is the first vector tile that arrived. Call before `page.goto`.
 */
export function watchBasemap(page: Page): { paths: string[]; firstTile: Promise<Response> } {
  const paths: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/geoth/basemap/')) paths.push(pathname);
  });
  const firstTile = page.waitForResponse((answer) => TILE.test(answer.url()) && answer.ok());
  return { paths, firstTile };
}

/** The requests among `paths` that were not vector tiles (whole layers' GeoJSON). */
export const notTiles = (paths: string[]) =>
  paths.filter((path) => !path.startsWith('/geoth/basemap/tiles/'));
