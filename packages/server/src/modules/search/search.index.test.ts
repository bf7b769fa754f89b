import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, withToken } from '../../test/access-helpers.js';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app.js';
import {
  createRecord,
  searchAccounts,
  searchOk,
  searchUrl,
  type Tokens,
} from './search.test-helpers.js';
import { ensureSearchIndex, rebuildSearchIndex, SEARCH_INDEX_VERSION } from './search-index.js';

const silent = { info: () => {}, error: () => {} };

describe.each(testDatabases)('search index upkeep on $name', (database) => {
  let t: TestApp;
  let tokens: Tokens;
  let id: string;

  beforeAll(async () => {
    t = await createTestApp(database);
    tokens = await searchAccounts(t.app);
    id = await createRecord(t.app, tokens, {
      title: { de: 'Moorkarte Schleswig-Holstein', en: 'Peatland map' },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('records the index version at start-up and leaves a current index alone', async () => {
    const row = await t.app.db
      .selectFrom('search_index_state')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(row.version).toBe(SEARCH_INDEX_VERSION);
    expect((await ensureSearchIndex(t.app.db, silent)).rebuilding).toBeUndefined();
  });

  it('rebuilds lost and stale documents, with progress, when the version differs', async () => {
    await t.app.db.deleteFrom('search_document').execute();
    await t.app.db.updateTable('search_index_state').set({ version: 0 }).execute();
    expect((await searchOk(t.app, searchUrl('Moorkarte'))).numFound).toBe(0);
    await ensureSearchIndex(t.app.db, silent);
    expect((await searchOk(t.app, searchUrl('Moorkarte'))).docs.map((d) => d.id)).toEqual([id]);

    const progress: number[] = [];
    const result = await rebuildSearchIndex(t.app.db, {
      batchSize: 1,
      onProgress: ({ done }) => progress.push(done),
    });
    expect(result).toEqual({ indexed: 1, removed: 0 });
    expect(progress).toEqual([0, 1]);
  });

  it('removes documents whose object is gone and stops when aborted', async () => {
    // A document left behind without its object (the foreign key dropped for this test).
    await sql`alter table search_document drop constraint search_document_object_id_fkey`.execute(
      t.app.db,
    );
    // The document is a copy of the existing one under an id no object has.
    await sql`
      insert into search_document (object_id, type, state, readers, doc, facets, title_sort,
        created, modified, map_services)
      select 'orphan-object-id', type, state, readers, doc, facets, title_sort, created,
        modified, map_services
      from search_document`.execute(t.app.db);
    expect((await rebuildSearchIndex(t.app.db)).removed).toBe(1);
    const controller = new AbortController();
    controller.abort();
    await expect(rebuildSearchIndex(t.app.db, { signal: controller.signal })).rejects.toThrow();
  });

  it('rebuilds while records are being saved, and ends equal to a rebuild from scratch', async () => {
    const api = apiCaller(t.app);
    const extra = await Promise.all(
      [1, 2, 3, 4].map((n) =>
        createRecord(t.app, tokens, { title: { de: `Karte ${n}`, en: `Map ${n}` } }, 'draft'),
      ),
    );
    const saves = extra.map(async (objectId, n) => {
      for (let round = 1; round <= 3; round++) {
        const current = (await api('GET', `/object/${objectId}`, withToken(tokens.owner))).json();
        const res = await api('PUT', '/object', withToken(tokens.owner), {
          id: objectId,
          version: current.version,
          metadata: { ...current.metadata, title: { de: `Karte ${n} Fassung ${round}` } },
        });
        expect(res.statusCode).toBe(200);
      }
    });
    await Promise.all([rebuildSearchIndex(t.app.db, { batchSize: 1 }), ...saves]);
    const during = await snapshot(t.app.db);
    await rebuildSearchIndex(t.app.db);
    expect(await snapshot(t.app.db)).toEqual(during);
    expect(during.filter((row) => row.title_de?.endsWith('Fassung 3'))).toHaveLength(4);
  });
});

describe.each(testDatabases)('the spatial index on $name', (database) => {
  let t: TestApp;
  let tokens: Tokens;
  beforeAll(async () => {
    t = await createTestApp(database);
    tokens = await searchAccounts(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('takes extents of any size the record allows, down to the smallest numbers', async () => {
    // Boxes of 1e-200 degrees: once the index page splits (after about 180 entries) its
    // arithmetic would underflow and the save fail, had the index not rounded them.
    const tiny = 1e-200;
    for (let n = 0; n < 220; n++) {
      const extent = { west: n * tiny, south: 0, east: (n + 1) * tiny, north: tiny };
      await createRecord(t.app, tokens, { title: { de: `Winzig ${n}` }, extent }, 'draft');
    }
    const found = await searchOk(
      t.app,
      searchUrl('Winzig', { rows: 1, fq: ['bbox:-0.001,-0.001,0.001,0.001'] }),
      tokens.owner,
    );
    expect(found.numFound).toBe(220);
    const elsewhere = await searchOk(
      t.app,
      searchUrl('Winzig', { rows: 1, fq: ['bbox:1,1,2,2'] }),
      tokens.owner,
    );
    expect(elsewhere.numFound).toBe(0);
  });
});

/** Every document as text, in id order. */
async function snapshot(db: TestApp['app']['db']) {
  const rows = await sql<{ object_id: string; title_de: string | null; doc: string; rest: string }>`
    select object_id, title_de, doc::text as doc,
      concat_ws('|', type, state, readers::text, facets::text, title_sort, modified::text) as rest
    from search_document order by object_id`.execute(db);
  return rows.rows;
}
