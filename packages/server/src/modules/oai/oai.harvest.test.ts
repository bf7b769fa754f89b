import type { Metadata } from '@geoportal/contract/record';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, testClock, withToken } from '../../test/access-helpers.js';
import { completeMetadata } from '../../test/record-fixtures.js';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app.js';
import { findAccountByName } from '../access/access.repository.js';
import { newId } from '../access/session.js';
import { searchAccounts, type Tokens } from '../search/search.test-helpers.js';
import { refreshSearchDocuments } from '../search/search-index.js';
import { harvest, type RecordRead } from './oai.test-helpers.js';

/**
 * The harvest property of issue 24: a harvest with resumption tokens over 2,500 records,
 * while records are edited, withdrawn, deleted, published and made public between its pages,
 * answers every record at most once, and together with the next incremental harvest (from
 * the first answer's responseDate, as harvesters do) every record in its latest state:
 * public records with their current content, withdrawn and deleted ones as deleted, and
 * nothing that was never public.
 */

const PUBLIC = 2500;
const DRAFTS = 40;
const UNLISTED = 40;

describe.each(testDatabases)('OAI-PMH harvest while records change on $name', (database) => {
  let t: TestApp;
  let tokens: Tokens;
  const clock = testClock();
  const pool = { public: [] as string[], drafts: [] as string[], unlisted: [] as string[] };

  /**
   * Inserts records in their final states in one statement per batch and indexes them, as
   * the demo seed does: 2,600 records through the API would take minutes and test nothing
   * more. Published ones are public; `unlisted` are published with the public flag off.
   */
  async function insertRecords(kind: keyof typeof pool, count: number) {
    const owner = await findAccountByName(t.app.db, 'owner');
    for (let start = 0; start < count; start += 500) {
      const ids = Array.from({ length: Math.min(500, count - start) }, () => newId());
      await t.app.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('object')
          .values(
            ids.map((id, i) => ({
              id,
              type: 'dataset',
              state: kind === 'drafts' ? 'draft' : 'published',
              version: 1,
              owner_id: owner?.id as string,
              public: kind === 'public',
              metadata: JSON.stringify(
                completeMetadata({ title: { de: `Datensatz ${kind} ${start + i}` } }),
              ),
              created_at: clock(),
              modified_at: clock(),
            })),
          )
          .execute();
        await refreshSearchDocuments(trx, ids);
      });
      pool[kind].push(...ids);
    }
  }

  beforeAll(async () => {
    t = await createTestApp(
      database,
      {
        PUBLIC_URL: 'https://geoportal.example.org',
        OAI_ADMIN_EMAIL: 'katalog@example.org',
        OAI_PAGE_SIZE: '250',
      },
      { clock },
    );
    tokens = await searchAccounts(t.app);
    await insertRecords('public', PUBLIC);
    await insertRecords('drafts', DRAFTS);
    await insertRecords('unlisted', UNLISTED);
    clock.advance(60);
  }, 240_000);
  afterAll(async () => {
    await t?.close();
  });

  it('answers every record once per harvest and, with the next one, in its latest state', async () => {
    const api = apiCaller(t.app);
    const editor = withToken(tokens.editor);
    const owner = withToken(tokens.owner);
    const ok = (res: { statusCode: number; body: string }, what: string) => {
      if (res.statusCode >= 300) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
    };
    const edited = new Set<string>();
    const withdrawn = new Set<string>();
    const deleted = new Set<string>();
    const published = new Set<string>();
    const unhidden = new Set<string>();
    // Records taken from both ends of the paging order, so some were answered already and
    // some are still ahead of the harvest when they change.
    const targets = [...pool.public].sort();
    let next = 0;
    const take = () => (next % 2 === 0 ? targets[next++ / 2] : targets.at(-(++next / 2))) as string;

    const changeRecords = async (page: number) => {
      for (let i = 0; i < 4; i++) {
        clock.advance(1);
        const id = take();
        const current = (await api('GET', `/object/${id}`, editor)).json();
        const saved = await api('PUT', '/object', editor, {
          id,
          version: current.version,
          metadata: { ...current.metadata, title: { de: `Geändert ${page}.${i} ${id}` } },
        });
        ok(saved, 'edit');
        edited.add(id);
      }
      clock.advance(1);
      const toWithdraw = take();
      ok(
        await api('PUT', `/object/${toWithdraw}/state`, editor, { state: 'withdrawn' }),
        'withdraw',
      );
      withdrawn.add(toWithdraw);
      clock.advance(1);
      const toDelete = take();
      ok(await api('DELETE', `/object/${toDelete}`, editor), 'delete');
      deleted.add(toDelete);
      clock.advance(1);
      const draft = pool.drafts[page] as string;
      ok(await api('PUT', `/object/${draft}/state`, owner, { state: 'submitted' }), 'submit');
      ok(await api('PUT', `/object/${draft}/state`, editor, { state: 'published' }), 'publish');
      published.add(draft);
      clock.advance(1);
      const hidden = pool.unlisted[page] as string;
      ok(
        await api('POST', `/object/${hidden}/accessControl`, owner, { public: true, grants: [] }),
        'make public',
      );
      unhidden.add(hidden);
    };

    const first = await harvest(
      t.app,
      { verb: 'ListRecords', metadataPrefix: 'oai_dc' },
      changeRecords,
    );
    expect(first.pages.length).toBe(PUBLIC / 250);
    const firstToken = (first.pages[0]?.body.match(/completeListSize="(\d+)"/) ?? [])[1];
    expect(Number(firstToken)).toBe(PUBLIC);
    clock.advance(60);
    const incremental = await harvest(t.app, {
      verb: 'ListRecords',
      metadataPrefix: 'oai_dc',
      from: first.responseDate,
    });

    // Each harvest answers a record at most once.
    const once = (records: RecordRead[]) => {
      const ids = records.map((r) => r.id);
      expect(new Set(ids).size).toBe(ids.length);
    };
    once(first.records);
    once(incremental.records);

    // What the harvester holds afterwards: the later answer of a record wins.
    const held = new Map<string, RecordRead>();
    for (const record of [...first.records, ...incremental.records]) held.set(record.id, record);

    const rows = await t.app.db
      .selectFrom('object')
      .select(['id', 'state', 'public', 'metadata'])
      .execute();
    const publicNow = new Map(
      rows
        .filter((r) => r.state === 'published' && r.public)
        .map((r) => [r.id, (r.metadata as unknown as Metadata).title.de]),
    );
    const live = [...held.values()].filter((r) => !r.deleted);
    expect(new Set(live.map((r) => r.id))).toEqual(new Set(publicNow.keys()));
    for (const record of live) expect(record.titles, record.id).toEqual([publicNow.get(record.id)]);
    expect(new Set([...held.values()].filter((r) => r.deleted).map((r) => r.id))).toEqual(
      new Set([...withdrawn, ...deleted]),
    );
    // Nothing that was never public appears, not even as deleted.
    const neverPublic = [...pool.drafts, ...pool.unlisted].filter(
      (id) => !published.has(id) && !unhidden.has(id),
    );
    for (const id of neverPublic) expect(held.has(id), id).toBe(false);
    // The changes really happened during the first harvest, on both sides of its position.
    expect(edited.size).toBe(36);
    const changedInFirst = first.records.filter((r) => edited.has(r.id));
    expect(changedInFirst.length).toBeGreaterThan(0);
    expect(changedInFirst.length).toBeLessThan(edited.size);
    expect(incremental.records.filter((r) => edited.has(r.id))).toHaveLength(edited.size);
  }, 300_000);
});
