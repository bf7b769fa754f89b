import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app.js';
import { createRecord, searchAccounts, searchOk, searchUrl } from './search.test-helpers.js';
import { rebuildSearchIndex } from './search-index.js';
import { boundIndexMerges } from './search-index.repository.js';

describe.each(testDatabases)('search index rebuild of unchanged documents on $name', (database) => {
  let t: TestApp;
  let moor: string;
  let heide: string;

  beforeAll(async () => {
    t = await createTestApp(database);
    const tokens = await searchAccounts(t.app);
    moor = await createRecord(t.app, tokens, { title: { de: 'Moorkarte', en: 'Peatland map' } });
    heide = await createRecord(t.app, tokens, { title: { de: 'Heidekarte', en: 'Heath map' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The row version (xmin) of each document and of its terms: a rewrite changes it. */
  async function rowVersions() {
    const rows = await sql<{ object_id: string; versions: string }>`
      select d.object_id,
        d.xmin::text || ':' || coalesce(string_agg(t.xmin::text, ',' order by t.term), '') as versions
      from search_document d left join search_term t on t.object_id = d.object_id
      group by d.object_id, d.xmin order by d.object_id`.execute(t.app.db);
    return Object.fromEntries(rows.rows.map((r) => [r.object_id, r.versions]));
  }

  it("bounds a batch's index merges within its own transaction only", async () => {
    const limit = async (db: typeof t.app.db) =>
      (await sql<{ gin_pending_list_limit: string }>`show gin_pending_list_limit`.execute(db))
        .rows[0]?.gin_pending_list_limit;
    const before = await limit(t.app.db);
    const inside = await t.app.db.transaction().execute(async (trx) => {
      await boundIndexMerges(trx);
      return limit(trx);
    });
    expect(inside).toBe('1MB');
    // Searches and other writers keep the server's setting.
    expect(await limit(t.app.db)).toBe(before);
    expect(await rebuildSearchIndex(t.app.db, { boundMerges: true })).toEqual({
      indexed: 2,
      removed: 0,
    });
    expect(await limit(t.app.db)).toBe(before);
  });

  it('leaves documents whose content is current as they are', async () => {
    const before = await rowVersions();
    expect(Object.keys(before).sort()).toEqual([moor, heide].sort());
    expect(await rebuildSearchIndex(t.app.db)).toEqual({ indexed: 2, removed: 0 });
    expect(await rowVersions()).toEqual(before);
  });

  it('rewrites the document, and its terms, of an object changed behind its back', async () => {
    // A change the index was not told of, as after a release that builds documents anew.
    await sql`
      update object set metadata = jsonb_set(metadata, '{title,de}', '"Hochmoorkarte"')
      where id = ${moor}`.execute(t.app.db);
    const before = await rowVersions();
    await rebuildSearchIndex(t.app.db);
    const after = await rowVersions();
    expect(after[heide]).toBe(before[heide]);
    expect(after[moor]).not.toBe(before[moor]);
    expect((await searchOk(t.app, searchUrl('Hochmoorkarte'))).docs.map((d) => d.id)).toEqual([
      moor,
    ]);
    const terms = await t.app.db
      .selectFrom('search_term')
      .select('term')
      .where('object_id', '=', moor)
      .where('kind', '=', 'title')
      .orderBy('term')
      .execute();
    expect(terms.map((r) => r.term)).toEqual(['Hochmoorkarte', 'Peatland map']);
  });
});
