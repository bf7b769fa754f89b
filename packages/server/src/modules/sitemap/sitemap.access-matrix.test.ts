import { describe, expect, it } from 'vitest';
import { readMatrixCallers, useReadMatrix } from '../../test/read-matrix.js';
import { testDatabases } from '../../test/test-app.js';
import { readSitemap } from './sitemap.test-helpers.js';

/**
 * The access matrix of the sitemap: every kind of caller × every workflow state. The sitemap
 * is the site as search engines see it, so every caller — signed in, editor, administrator
 * or key holder — gets the visitor's view (DESIGN §5): the published record, and nothing of
 * drafts, submissions and withdrawn records, whatever grants they carry.
 */

const PUBLIC_URL = 'https://geo.example.org';

describe.each(testDatabases)('sitemap access matrix on $name', (database) => {
  const matrix = useReadMatrix(database, 'Sitemapprobe', { PUBLIC_URL });

  for (const caller of readMatrixCallers) {
    it(`${caller}: the sitemap lists the published record only, as it does for visitors`, async () => {
      const visitor = await readSitemap(matrix.app, PUBLIC_URL);
      const seen = await readSitemap(matrix.app, PUBLIC_URL, matrix.headers(caller));
      expect(seen.records.map((r) => r.id)).toEqual([matrix.ids.published]);
      // The caller's files are the visitor's, byte for byte.
      expect(seen.index.body).toBe(visitor.index.body);
      expect([...seen.files].map(([path, f]) => [path, f.body])).toEqual(
        [...visitor.files].map(([path, f]) => [path, f.body]),
      );
      const everything = [...seen.files.values()].map((f) => f.body).join('\n');
      for (const state of ['draft', 'submitted', 'withdrawn'] as const) {
        expect(everything.includes(matrix.ids[state]), state).toBe(false);
      }
    });
  }
});
