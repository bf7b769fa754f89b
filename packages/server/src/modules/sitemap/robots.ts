/**
 * `/robots.txt` (RFC 9309): where search engines may go and where the sitemap is. Crawlers
 * are kept out of the API, the geo service and the pages that only signed-in users use
 * (paths of the web app's route table, packages/web/app/route-paths.ts). Record pages, the
 * search, the static pages and the assets they need stay open; filtered search pages carry
 * `noindex` instead of a `Disallow`, because a crawler must fetch a page to see that.
 * The catalogue interfaces (`/csw`, `/oai`) stay open too: some harvesters obey robots.txt.
 */
const disallowed = [
  '/api/',
  '/geoth/',
  '/login',
  '/management',
  '/metadata/create',
  '/metadata/mine',
  '/metadata/review',
  // A record's edit page, /metadata/{id}/edit (`*` as RFC 9309 allows).
  '/metadata/*/edit',
];

/** The text of `/robots.txt` for the site at `publicUrl`. */
export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    ...disallowed.map((path) => `Disallow: ${path}`),
    'Allow: /',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
