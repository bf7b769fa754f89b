import { ErrorBody } from '@geoportal/contract/errors';
import { HarvesterTestResult } from '@geoportal/contract/harvester';
import { ObjectDetailed } from '@geoportal/contract/object';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withToken } from '../../test/access-helpers.js';
import { testDatabases } from '../../test/test-app.js';
import { oaiGet } from '../oai/oai.test-helpers.js';
import {
  editRemote,
  type Remote,
  setRemoteState,
  startHarvesting,
  startRemote,
} from './harvest.test-helpers.js';

/**
 * Harvesting from a real remote: a second instance of this product, started by the test on
 * its own port with its own database, serves its CSW and OAI-PMH; the harvesting instance
 * reaches it on loopback because HARVEST_ALLOW_PRIVATE names it (the address rule refuses
 * loopback otherwise).
 */

const REMOTE_PORT = 8192;

const titleOf = (metadata: unknown) =>
  (metadata as { title?: { de?: string } } | undefined)?.title?.de;
const COUNT = 25;

describe.each(testDatabases)('harvesting a second instance on $name', (database) => {
  let remote: Remote;
  let h: Awaited<ReturnType<typeof startHarvesting>>;
  let csw: string;
  /** The harvested copy (local id) of each remote id. */
  const copies = new Map<string, string>();
  let later = new Date('2026-02-01T08:00:00Z');
  const step = () => {
    later = new Date(later.getTime() + 3600_000);
    return later;
  };

  beforeAll(async () => {
    remote = await startRemote(REMOTE_PORT, COUNT);
    h = await startHarvesting(database, {
      HARVEST_ALLOW_PRIVATE: `127.0.0.1:${REMOTE_PORT}`,
      HARVEST_PAGE_SIZE: '10',
      // The map proxy is on, for another host: the harvesting allowance must not open it.
      GEO_PROXY_ALLOW: 'tiles.example.org',
    });
  }, 240_000);
  afterAll(async () => {
    await h?.t.close();
    await remote?.close().catch(() => {});
  });

  const localRecords = async (harvesterId: string) =>
    h.t.app.db
      .selectFrom('harvest_record')
      .innerJoin('object', 'object.id', 'harvest_record.object_id')
      .select(['object.id', 'object.state', 'object.metadata', 'harvest_record.remote_id'])
      .where('harvest_record.harvester_id', '=', harvesterId)
      .execute();

  it('keeps the intranet catalogue allowed for harvesting closed to visitors of the map proxy', async () => {
    for (const path of ['/csw?service=CSW&request=GetCapabilities', '/api/v1/users']) {
      const res = await h.t.app.inject({
        url: `/geoth/proxy?url=${encodeURIComponent(`${remote.base}${path}`)}`,
      });
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().code).toBe('geo.proxy_host_not_allowed');
    }
  });

  it('tests the connection: the remote CSW and OAI-PMH name themselves and their records', async () => {
    for (const source of [
      { type: 'csw', url: `${remote.base}/csw` },
      { type: 'oai-pmh', url: `${remote.base}/oai` },
    ] as const) {
      const res = await h.api('POST', '/harvesters/test', h.boss(), { source });
      expect(res.statusCode, res.body).toBe(200);
      const answer = HarvesterTestResult.parse(res.json());
      expect(answer).toMatchObject({ ok: true, records: COUNT });
      if (answer.ok) expect(answer.title.length).toBeGreaterThan(0);
    }
  });

  it('a first CSW harvest creates every record, published, searchable and read-only', async () => {
    const harvester = await h.create({
      name: 'Remote CSW',
      source: { type: 'csw', url: `${remote.base}/csw` },
      collision: 'skip',
      publish: true,
    });
    csw = harvester.id;
    const { process, run } = await h.run(csw);
    expect(process.state, process.error ?? '').toBe('succeeded');
    expect(run.counts).toEqual({
      seen: COUNT,
      added: COUNT,
      updated: 0,
      unchanged: 0,
      skipped: 0,
      failed: 0,
      deleted: 0,
    });
    expect(process.result).toMatchObject({ added: COUNT });
    const rows = await localRecords(csw);
    expect(rows.map((r) => r.remote_id).sort()).toEqual([...remote.ids].sort());
    for (const row of rows) {
      expect(row.state).toBe('published');
      copies.set(row.remote_id, row.id);
    }
    expect((await h.get(csw)).records).toBe(COUNT);
    expect((await h.get(csw)).lastRun?.counts.added).toBe(COUNT);

    // Searchable by visitors, like any published record.
    const search = await h.api(
      'GET',
      `/index/search/objects/${encodeURIComponent('"Remote record 7"')}`,
    );
    expect(search.statusCode, search.body).toBe(200);
    expect(JSON.stringify(search.json())).toContain(copies.get(remote.ids[6] as string));

    // The record says where it comes from, and refuses edits.
    const id = copies.get(remote.ids[0] as string) as string;
    const read = await h.api('GET', `/object/${id}`, {
      ...h.boss(),
      accept: 'application/json; detail=detailed',
    });
    const object = ObjectDetailed.parse(read.json());
    expect(object.harvest).toMatchObject({
      harvester: csw,
      harvesterName: 'Remote CSW',
      url: `${remote.base}/csw`,
      remoteId: remote.ids[0],
    });
    const put = await h.api('PUT', '/object', h.boss(), {
      id,
      version: object.version,
      metadata: { ...object.metadata, title: { de: 'Lokal geändert' } },
    });
    expect(put.statusCode).toBe(409);
    expect(ErrorBody.parse(put.json()).code).toBe('object.harvested');
    const upload = await h.t.app.inject({
      method: 'POST',
      url: `/api/v1/object/${id}/data/upload`,
      headers: { ...h.boss(), 'content-type': 'multipart/form-data; boundary=b0undary' },
      payload:
        '--b0undary\r\nContent-Disposition: form-data; name="file"; filename="local.txt"\r\n' +
        'Content-Type: text/plain\r\n\r\nlocal\r\n--b0undary--\r\n',
    });
    expect(upload.statusCode).toBe(409);
    expect(ErrorBody.parse(upload.json()).code).toBe('object.harvested');

    // Served by our own CSW like any record.
    const own = await h.t.app.inject({
      method: 'GET',
      url: `/csw?service=CSW&version=2.0.2&request=GetRecordById&id=${id}&outputSchema=http://www.isotc211.org/2005/gmd`,
    });
    expect(own.statusCode).toBe(200);
    expect(own.body).toContain('Remote record 1');
  });

  it('the next run leaves unchanged records alone and updates a record changed remotely', async () => {
    const again = await h.run(csw);
    expect(again.process.state).toBe('succeeded');
    expect(again.run.counts).toMatchObject({ seen: COUNT, added: 0, updated: 0, unchanged: COUNT });

    const changed = remote.ids[3] as string;
    await editRemote(remote.t.app, changed, 'Remote record changed', step());
    const { run } = await h.run(csw);
    expect(run.counts).toMatchObject({ seen: COUNT, added: 0, updated: 1, unchanged: COUNT - 1 });
    const row = (await localRecords(csw)).find((r) => r.remote_id === changed);
    expect(titleOf(row?.metadata)).toBe('Remote record changed');
    expect(row?.id).toBe(copies.get(changed));
  });

  it('withdraws a record removed remotely, keeping an OAI-PMH tombstone', async () => {
    const gone = remote.ids[5] as string;
    await setRemoteState(remote.t.app, [gone], 'withdrawn', step());
    const { process, run } = await h.run(csw);
    expect(process.state).toBe('succeeded');
    expect(run.counts).toMatchObject({ seen: COUNT - 1, deleted: 1 });
    const local = copies.get(gone) as string;
    const row = (await localRecords(csw)).find((r) => r.id === local);
    expect(row?.state).toBe('withdrawn');
    expect((await h.get(csw)).records).toBe(COUNT - 1);
    // Our OAI-PMH tells its own harvesters that the record is gone.
    const answer = await oaiGet(h.t.app, {
      verb: 'ListIdentifiers',
      metadataPrefix: 'oai_dc',
    });
    const deleted = answer.body
      .split('<header')
      .filter((header) => header.includes(local))
      .join('');
    expect(deleted).toContain('status="deleted"');
  });

  it('deletes nothing when the remote lists far fewer records than the harvester holds', async () => {
    const hidden = remote.ids.slice(8, 22);
    await setRemoteState(remote.t.app, hidden, 'withdrawn', step());
    const { process, run } = await h.run(csw);
    expect(process.state).toBe('succeeded');
    expect(run.counts).toMatchObject({ seen: COUNT - 1 - hidden.length, deleted: 0 });
    expect(run.message).toContain('nothing was deleted');
    expect((await h.log(process.id)).join('\n')).toContain('HARVEST_DELETE_THRESHOLD');
    const states = new Map((await localRecords(csw)).map((r) => [r.remote_id, r.state]));
    for (const id of hidden) expect(states.get(id)).toBe('published');
    // Listed again, they are as they were: unchanged (their new date stamps noted).
    await setRemoteState(remote.t.app, hidden, 'published', step());
    const back = await h.run(csw);
    expect(back.run.counts).toMatchObject({ seen: COUNT - 1, unchanged: COUNT - 1, deleted: 0 });
  });

  it('collision policies: skip, keep both and overwrite if newer do what they say', async () => {
    const oai = { type: 'oai-pmh', url: `${remote.base}/oai` } as const;
    const skip = await h.create({
      name: 'OAI skip',
      source: oai,
      collision: 'skip',
      publish: true,
    });
    const skipped = await h.run(skip.id);
    expect(skipped.process.state, skipped.process.error ?? '').toBe('succeeded');
    expect(skipped.run.counts).toMatchObject({ seen: COUNT - 1, added: 0, skipped: COUNT - 1 });
    expect(await localRecords(skip.id)).toHaveLength(0);

    // Keep both: a first OAI-PMH harvest creates every record again, under new ids.
    const both = await h.create({
      name: 'OAI keep both',
      source: oai,
      collision: 'keep both',
      publish: false,
    });
    const kept = await h.run(both.id);
    expect(kept.run.counts).toMatchObject({ seen: COUNT - 1, added: COUNT - 1, skipped: 0 });
    const bothRows = await localRecords(both.id);
    expect(bothRows).toHaveLength(COUNT - 1);
    for (const row of bothRows) {
      expect(row.id).not.toBe(copies.get(row.remote_id));
      expect(row.state).toBe('draft');
    }
    // …and only once: the next run finds its own copies.
    const keptAgain = await h.run(both.id);
    expect(keptAgain.run.counts).toMatchObject({ added: 0, unchanged: COUNT - 1 });

    // Skip: the CSW harvester's copies are another harvester's, so nothing is taken…
    const skipper = await h.create({
      name: 'OAI skip',
      source: oai,
      collision: 'skip',
      publish: true,
    });
    const first = await h.run(skipper.id);
    expect(first.run.counts).toMatchObject({ added: 0, updated: 0, skipped: COUNT - 1 });
    // …not even when the remote names a newer date stamp: a harvest changes only its own.
    const changed = remote.ids[1] as string;
    await editRemote(remote.t.app, changed, 'Remote record newer', step());
    const second = await h.run(skipper.id);
    expect(second.run.counts).toMatchObject({ updated: 0, skipped: COUNT - 1 });
    expect(await localRecords(skipper.id)).toEqual([]);
    const untouched = (await localRecords(csw)).find((r) => r.id === copies.get(changed));
    expect(titleOf(untouched?.metadata)).not.toBe('Remote record newer');

    // Deleting a harvester removes its records in one process.
    const removal = await h.api('DELETE', `/harvesters/${both.id}`, h.boss());
    expect(removal.statusCode, removal.body).toBe(202);
    const done = await h.waitProcess(removal.json().process.id);
    expect(done.state, done.error ?? '').toBe('succeeded');
    expect(done.result).toMatchObject({ removed: COUNT - 1 });
    const left = await h.t.app.db
      .selectFrom('object')
      .select('id')
      .where(
        'id',
        'in',
        bothRows.map((r) => r.id),
      )
      .execute();
    expect(left).toHaveLength(0);
    const gone = await h.api('GET', `/harvesters/${both.id}`, h.boss());
    expect(gone.statusCode).toBe(404);
    expect(ErrorBody.parse(gone.json()).code).toBe('harvester.not_found');
  });

  it('a run while one is queued or running is 409 harvester.running', async () => {
    const first = await h.api('POST', `/harvesters/${csw}/run`, h.boss());
    expect(first.statusCode).toBe(202);
    const second = await h.api('POST', `/harvesters/${csw}/run`, h.boss());
    expect(second.statusCode).toBe(409);
    expect(ErrorBody.parse(second.json()).code).toBe('harvester.running');
    await h.waitProcess(first.json().id);
  });

  it('the remote being stopped fails the run and deletes nothing', async () => {
    const before = await localRecords(csw);
    await remote.close();
    const { process, run } = await h.run(csw);
    expect(process.state).toBe('failed');
    expect(run.counts.deleted).toBe(0);
    expect(run.message).toContain('Nothing was deleted');
    const after = await localRecords(csw);
    expect(after.map((r) => [r.id, r.state]).sort()).toEqual(
      before.map((r) => [r.id, r.state]).sort(),
    );
    // The harvester list stays for administrators.
    const list = await h.api('GET', '/harvesters', withToken(h.tokens.ed as string));
    expect(list.statusCode).toBe(403);
  });
});
