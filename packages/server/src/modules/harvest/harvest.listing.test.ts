import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../test/test-app.js';
import {
  editRemote,
  insertPublished,
  type RecordedRemote,
  setRemoteState,
  startHarvesting,
  startRecordedRemote,
} from './harvest.test-helpers.js';

/**
 * Runs after the first list identifiers and date stamps (CSW brief records, OAI-PMH
 * ListIdentifiers) and fetch only what is new or changed (CSW GetRecordById with many ids,
 * OAI-PMH GetRecord). The remote is a second instance of this product behind a recorder
 * that counts what each run asked it for.
 */

const COUNT = 15;
const PAGE = 10;

const titleOf = (metadata: unknown) =>
  (metadata as { title?: { de?: string } } | undefined)?.title?.de;

describe.each(testDatabases)('harvest runs that list identifiers first on $name', (database) => {
  let remote: RecordedRemote;
  let h: Awaited<ReturnType<typeof startHarvesting>>;
  let later = new Date('2026-03-01T08:00:00Z');
  const step = () => {
    later = new Date(later.getTime() + 3600_000);
    return later;
  };

  beforeAll(async () => {
    remote = await startRecordedRemote(COUNT, PAGE);
    h = await startHarvesting(database, {
      HARVEST_ALLOW_PRIVATE: new URL(remote.base).host,
      HARVEST_PAGE_SIZE: String(PAGE),
    });
  }, 240_000);
  afterAll(async () => {
    await h?.t.close();
    await remote?.close();
  });

  /** The requests of one run, as `request`/`verb` with the parameters the test looks at. */
  const during = async <T>(work: () => Promise<T>) => {
    const from = remote.requests.length;
    const result = await work();
    const asked = remote.requests.slice(from).map((url) => {
      const p = url.searchParams;
      return {
        what: p.get('request') ?? p.get('verb') ?? url.pathname,
        elementSet: p.get('elementSetName'),
        ids: (p.get('id') ?? p.get('identifier') ?? '').split(',').filter(Boolean),
      };
    });
    return { result, asked };
  };

  const localRecords = async (harvesterId: string) =>
    h.t.app.db
      .selectFrom('harvest_record')
      .innerJoin('object', 'object.id', 'harvest_record.object_id')
      .select([
        'object.id',
        'object.state',
        'object.metadata',
        'harvest_record.remote_id',
        'harvest_record.listed_id',
      ])
      .where('harvest_record.harvester_id', '=', harvesterId)
      .execute();

  it('CSW: the first run takes whole pages; later ones list brief records and fetch only changed ones by id', async () => {
    const harvester = await h.create({
      name: 'CSW listing',
      source: { type: 'csw', url: `${remote.base}/csw` },
      collision: 'keep both',
      publish: true,
    });
    const first = await during(() => h.run(harvester.id));
    expect(first.result.process.state, first.result.process.error ?? '').toBe('succeeded');
    expect(first.result.run.counts).toMatchObject({ seen: COUNT, added: COUNT, failed: 0 });
    expect(first.asked.map((a) => [a.what, a.elementSet])).toEqual([
      ['GetRecords', 'full'],
      ['GetRecords', 'full'],
    ]);
    expect(first.result.process.result).toMatchObject({ listing: 'records' });

    // Nothing changed: two brief pages, not one record fetched.
    const again = await during(() => h.run(harvester.id));
    expect(again.result.run.counts).toMatchObject({ seen: COUNT, unchanged: COUNT, updated: 0 });
    expect(again.asked.map((a) => [a.what, a.elementSet])).toEqual([
      ['GetRecords', 'brief'],
      ['GetRecords', 'brief'],
    ]);
    expect(again.result.process.result).toMatchObject({ listing: 'identifiers' });

    // Two changed, one new, one gone: one GetRecordById for the three that need reading.
    const changed = [remote.ids[2], remote.ids[12]] as string[];
    for (const id of changed) await editRemote(remote.t.app, id, `Changed ${id}`, step());
    const owner = await remote.t.app.db
      .selectFrom('object')
      .select('owner_id')
      .where('id', '=', remote.ids[0] as string)
      .executeTakeFirstOrThrow();
    const [added] = await insertPublished(remote.t.app, owner.owner_id, 1, 'New remote record');
    const gone = remote.ids[7] as string;
    await setRemoteState(remote.t.app, [gone], 'withdrawn', step());
    const third = await during(() => h.run(harvester.id));
    expect(third.result.process.state, third.result.process.error ?? '').toBe('succeeded');
    expect(third.result.run.counts).toMatchObject({
      seen: COUNT,
      added: 1,
      updated: 2,
      unchanged: COUNT - 3,
      deleted: 1,
      failed: 0,
    });
    const byId = third.asked.filter((a) => a.what === 'GetRecordById');
    expect(byId.flatMap((a) => a.ids).sort()).toEqual([...changed, added].sort());
    expect(byId.length).toBeLessThanOrEqual(2);
    expect(third.asked.filter((a) => a.what === 'GetRecords').map((a) => a.elementSet)).toEqual([
      'brief',
      'brief',
    ]);

    const rows = new Map((await localRecords(harvester.id)).map((r) => [r.remote_id, r]));
    for (const id of changed) expect(titleOf(rows.get(id)?.metadata)).toBe(`Changed ${id}`);
    expect(titleOf(rows.get(added as string)?.metadata)).toBe('New remote record 1');
    expect(rows.get(gone)?.state).toBe('withdrawn');
    expect(rows.get(remote.ids[0] as string)?.listed_id).toBe(remote.ids[0]);
    await setRemoteState(remote.t.app, [gone], 'published', step());
  });

  it('OAI-PMH: later runs list identifiers and ask GetRecord for the changed record only', async () => {
    const harvester = await h.create({
      name: 'OAI listing',
      source: { type: 'oai-pmh', url: `${remote.base}/oai` },
      collision: 'keep both',
      publish: false,
    });
    const total = COUNT + 1;
    const first = await during(() => h.run(harvester.id));
    expect(first.result.process.state, first.result.process.error ?? '').toBe('succeeded');
    expect(first.result.run.counts).toMatchObject({ seen: total, added: total });
    expect(first.asked.every((a) => a.what === 'ListRecords')).toBe(true);
    // The copies know the header identifier they were listed by, not only their file identifier.
    const rows = await localRecords(harvester.id);
    for (const row of rows) expect(row.listed_id).toMatch(new RegExp(`^oai:.*${row.remote_id}$`));

    const again = await during(() => h.run(harvester.id));
    expect(again.result.run.counts).toMatchObject({ seen: total, unchanged: total });
    expect(again.asked.map((a) => a.what)).toEqual(['ListIdentifiers', 'ListIdentifiers']);

    const changed = remote.ids[4] as string;
    await editRemote(remote.t.app, changed, 'Changed for OAI', step());
    const third = await during(() => h.run(harvester.id));
    expect(third.result.run.counts).toMatchObject({
      seen: total,
      updated: 1,
      unchanged: total - 1,
    });
    const fetched = third.asked.filter((a) => a.what === 'GetRecord');
    expect(fetched).toHaveLength(1);
    expect(fetched[0]?.ids[0]).toMatch(new RegExp(`${changed}$`));
    const row = (await localRecords(harvester.id)).find((r) => r.remote_id === changed);
    expect(titleOf(row?.metadata)).toBe('Changed for OAI');
  });

  it('OAI-PMH: origins from before listed identifiers were kept are fetched once, matched, and not again', async () => {
    const harvester = await h.create({
      name: 'OAI older origins',
      source: { type: 'oai-pmh', url: `${remote.base}/oai` },
      collision: 'keep both',
      publish: false,
    });
    const total = COUNT + 1;
    await h.run(harvester.id);
    // As the origins of a harvester from before: only one still knows its listed identifier.
    const [keep] = await localRecords(harvester.id);
    await h.t.app.db
      .updateTable('harvest_record')
      .set({ listed_id: null })
      .where('harvester_id', '=', harvester.id)
      .where('object_id', '!=', keep?.id as string)
      .execute();
    const before = new Map((await localRecords(harvester.id)).map((r) => [r.remote_id, r.id]));

    const matching = await during(() => h.run(harvester.id));
    expect(matching.result.run.counts).toMatchObject({
      seen: total,
      unchanged: total,
      added: 0,
      deleted: 0,
    });
    expect(matching.asked.filter((a) => a.what === 'GetRecord')).toHaveLength(total - 1);
    const after = await localRecords(harvester.id);
    expect(new Map(after.map((r) => [r.remote_id, r.id]))).toEqual(before);
    expect(after.every((r) => r.listed_id)).toBe(true);

    const quiet = await during(() => h.run(harvester.id));
    expect(quiet.result.run.counts).toMatchObject({ seen: total, unchanged: total });
    expect(quiet.asked.filter((a) => a.what === 'GetRecord')).toHaveLength(0);
  });
});
