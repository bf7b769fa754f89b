import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { traceFormerlyPublic } from '../../db/migrations/0019-oai-visibility.js';
import { demoRecords } from '../../db/seed/demo-records.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { harvest } from './oai.test-helpers.js';

/**
 * The demo catalogue as harvesters see it, and the trace of records that were public before
 * OAI-PMH existed (migration 0019): withdrawn records are deleted headers from the start.
 */

describe('OAI-PMH over the demo catalogue', () => {
  let t: TestApp;
  const count = (state: string) => demoRecords.filter((r) => r.state === state).length;
  const listAll = async () => {
    const { headers } = await harvest(t.app, { verb: 'ListIdentifiers', metadataPrefix: 'oai_dc' });
    return {
      live: headers.filter((h) => !h.deleted).length,
      deleted: headers.filter((h) => h.deleted).map((h) => h.id),
    };
  };

  beforeAll(async () => {
    t = await createTestApp({ name: 'pglite' }, { DEMO_DATA: 'true', OAI_PAGE_SIZE: '40' });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('answers the published demo records and the withdrawn ones as deleted', async () => {
    expect(count('withdrawn')).toBeGreaterThan(0);
    const { live, deleted } = await listAll();
    expect(live).toBe(count('published'));
    expect(deleted).toHaveLength(count('withdrawn'));
    const states = await t.app.db
      .selectFrom('object')
      .select(['id', 'state'])
      .where('id', 'in', deleted)
      .execute();
    expect(states.map((s) => s.state)).toEqual(deleted.map(() => 'withdrawn'));
  });

  it('the migration traces records published once and not public now, dated by their change', async () => {
    const before = await listAll();
    await t.app.db.deleteFrom('oai_visibility_change').execute();
    expect((await listAll()).deleted).toEqual([]);
    await traceFormerlyPublic(t.app.db as unknown as Kysely<unknown>);
    expect(new Set((await listAll()).deleted)).toEqual(new Set(before.deleted));
    // Running it again changes nothing.
    await traceFormerlyPublic(t.app.db as unknown as Kysely<unknown>);
    expect((await listAll()).deleted).toHaveLength(before.deleted.length);
  });
});
