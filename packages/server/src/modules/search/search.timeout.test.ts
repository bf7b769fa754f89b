import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../test/access-helpers.js';
import {
  createTestApp,
  type TestApp,
  type TestDatabase,
  testDatabases,
} from '../../test/test-app.js';
import { searchGet, searchUrl } from './search.test-helpers.js';

// The embedded database has no timer to cancel a statement with: PostgreSQL only. Without
// TEST_DATABASE_URL the suite is listed as skipped (an empty file would fail the run).
const servers = testDatabases.filter((d) => d.name === 'postgres');
const cases: TestDatabase[] = servers.length > 0 ? servers : [{ name: 'postgres' }];

describe.skipIf(servers.length === 0).each(cases)('search time limit on $name', (database) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(database, { SEARCH_TIMEOUT: '1ms' });
    const owner = await createAccount(t.app, 'owner', 'owner-password-1', { role: 'submitter' });
    // Enough documents that counting their facets takes longer than a millisecond.
    await sql`
      insert into object (id, type, state, owner_id, public, metadata, created_at, modified_at)
      select 'generated-' || i, 'dataset', 'published', ${owner}, true,
        jsonb_build_object('title', jsonb_build_object('de', 'Karte ' || i)), now(), now()
      from generate_series(1, 20000) as i`.execute(t.app.db);
    await sql`
      insert into search_document (object_id, type, state, readers, doc, facets, title_de,
        title_sort, created, modified, map_services)
      select id, type, state, array['public'], to_tsvector('simple', metadata->'title'->>'de'),
        array['type=dataset', 'keyword=k' || (random() * 500)::int, 'year=' || (1990 + (random() * 30)::int)],
        metadata->'title'->>'de', metadata->'title'->>'de', created_at, modified_at, false
      from object`.execute(t.app.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('cancels a search that runs too long with 503 search.timeout and a hint', async () => {
    const res = await searchGet(t.app, searchUrl('*'));
    expect(res.status).toBe(503);
    expect(res.body.code).toBe('search.timeout');
    expect(res.body.message).toContain('Narrow it');
  });
});
