import { createServer, type Server } from 'node:http';
import { HarvesterTestResult } from '@geoportal/contract/harvester';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../../test/process-helpers.js';
import { testDatabases } from '../../test/test-app.js';
import { startHarvesting } from './harvest.test-helpers.js';

/**
 * Remotes that break their protocol, served by a small web server of the test with fixed
 * answers: a `nextRecord` that never ends, a 500 in the middle of a run, a malformed record
 * among good ones, a `nextRecord` that does not move, and an OGC API Records collection
 * (JSON items linking to their ISO 19139 records).
 */

const PORT = 8191;
const base = `http://127.0.0.1:${PORT}`;
const MAX_PAGES = 5;

const NS =
  'xmlns:csw="http://www.opengis.net/cat/csw/2.0.2" xmlns:gmd="http://www.isotc211.org/2005/gmd" xmlns:gco="http://www.isotc211.org/2005/gco"';

function isoRecord(id: string | null, title: string | null, stamp = '2026-01-05T10:00:00Z') {
  const identification =
    title === null
      ? ''
      : `<gmd:identificationInfo><gmd:MD_DataIdentification><gmd:citation><gmd:CI_Citation><gmd:title><gco:CharacterString>${title}</gco:CharacterString></gmd:title></gmd:CI_Citation></gmd:citation><gmd:abstract><gco:CharacterString>About ${title}</gco:CharacterString></gmd:abstract></gmd:MD_DataIdentification></gmd:identificationInfo>`;
  return `<gmd:MD_Metadata ${NS}>${id === null ? '' : `<gmd:fileIdentifier><gco:CharacterString>${id}</gco:CharacterString></gmd:fileIdentifier>`}<gmd:dateStamp><gco:DateTime>${stamp}</gco:DateTime></gmd:dateStamp>${identification}</gmd:MD_Metadata>`;
}

function getRecordsResponse(records: string[], matched: number, next: number) {
  return `<?xml version="1.0" encoding="UTF-8"?><csw:GetRecordsResponse ${NS}><csw:SearchStatus timestamp="2026-01-05T10:00:00Z"/><csw:SearchResults numberOfRecordsMatched="${matched}" numberOfRecordsReturned="${records.length}" nextRecord="${next}" recordSchema="http://www.isotc211.org/2005/gmd" elementSet="full">${records.join('')}</csw:SearchResults></csw:GetRecordsResponse>`;
}

/** Two records per page, ids `<prefix>-<n>`, pages numbered by startPosition. */
function twoPerPage(prefix: string, start: number, pages: number) {
  const page = Math.floor((start - 1) / 2) + 1;
  const records = [start, start + 1].map((n) => isoRecord(`${prefix}-${n}`, `${prefix} ${n}`));
  return getRecordsResponse(records, pages * 2, page >= pages ? 0 : start + 2);
}

interface Lying {
  server: Server;
  /** Paths asked for, in order. */
  seen: string[];
  /** The flaky catalogue answers 500 from its second page on while set. */
  failMidRun: boolean;
  /** The short catalogue ends its paging after the first page while set, announcing 6. */
  endEarly: boolean;
}

const feature = (id: string, updated: string) => ({
  type: 'Feature',
  id,
  geometry: null,
  properties: { title: `Item ${id}`, updated, type: 'dataset' },
  links: [
    { rel: 'alternate', type: 'application/vnd.iso.19139+xml', href: `/iso/${id}.xml` },
    { rel: 'self', type: 'application/geo+json', href: `/collections/meta/items/${id}` },
  ],
});

async function startLying(): Promise<Lying> {
  const state: Lying = {
    server: undefined as unknown as Server,
    seen: [],
    failMidRun: false,
    endEarly: false,
  };
  state.server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', base);
    state.seen.push(`${url.pathname}${url.search}`);
    const start = Number(url.searchParams.get('startPosition') ?? 1);
    const xml = (body: string) =>
      void res.writeHead(200, { 'content-type': 'application/xml; charset=utf-8' }).end(body);
    const json = (body: unknown) =>
      void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (url.searchParams.get('request') === 'GetCapabilities') {
      return xml(
        `<csw:Capabilities ${NS} xmlns:ows="http://www.opengis.net/ows" version="2.0.2"><ows:ServiceIdentification><ows:Title>Lying catalogue</ows:Title></ows:ServiceIdentification></csw:Capabilities>`,
      );
    }
    if (url.searchParams.get('resultType') === 'hits') return xml(getRecordsResponse([], 6, 0));
    switch (url.pathname) {
      case '/csw/endless':
        // Always one more page: only the run's page limit ends it.
        return xml(
          getRecordsResponse(
            [start, start + 1].map((n) => isoRecord(`endless-${n}`, `Endless ${n}`)),
            1_000_000,
            start + 2,
          ),
        );
      case '/csw/slow': {
        // An endless catalogue that takes its time: a cancel arrives between its pages.
        const timer = setTimeout(
          () =>
            xml(
              getRecordsResponse(
                [start, start + 1].map((n) => isoRecord(`slow-${n}`, `Slow ${n}`)),
                1_000_000,
                start + 2,
              ),
            ),
          400,
        );
        res.on('close', () => clearTimeout(timer));
        return;
      }
      case '/csw/stuck':
        return xml(getRecordsResponse([isoRecord('stuck-1', 'Stuck')], 10, start));
      case '/csw/flaky':
        if (state.failMidRun && start > 1) {
          return void res.writeHead(500, { 'content-type': 'text/plain' }).end('database down');
        }
        return xml(twoPerPage('flaky', start, 3));
      case '/csw/short':
        if (state.endEarly) {
          return xml(getRecordsResponse([isoRecord('short-1', 'Short 1')], 6, 0));
        }
        return xml(twoPerPage('short', start, 3));
      case '/csw/malformed':
        return xml(
          getRecordsResponse(
            [
              isoRecord('good-a', 'Good A'),
              isoRecord('broken-1', null),
              isoRecord(null, 'No identifier'),
              isoRecord('good-b', 'Good B'),
            ],
            4,
            0,
          ),
        );
      case '/collections/meta':
        return json({ id: 'meta', title: 'Lying records', itemType: 'record' });
      case '/collections/meta/items': {
        const offset = Number(url.searchParams.get('offset') ?? 0);
        const all = ['ogc-1', 'ogc-2', 'ogc-3'];
        const page = all.slice(offset, offset + 2);
        const links =
          offset + 2 < all.length
            ? [
                {
                  rel: 'next',
                  type: 'application/geo+json',
                  href: `/collections/meta/items?offset=${offset + 2}&limit=2&f=json`,
                },
              ]
            : [];
        return json({
          type: 'FeatureCollection',
          numberMatched: all.length,
          features: page.map((id) => feature(id, '2026-01-05T10:00:00Z')),
          links,
        });
      }
    }
    const iso = /^\/iso\/([\w-]+)\.xml$/.exec(url.pathname);
    if (iso?.[1]) return xml(isoRecord(iso[1], `OGC ${iso[1]}`));
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not here');
  });
  await new Promise<void>((resolve) => state.server.listen(PORT, '127.0.0.1', resolve));
  return state;
}

describe.each(testDatabases)(
  'harvesting remotes that break their protocol on $name',
  (database) => {
    let lying: Lying;
    let h: Awaited<ReturnType<typeof startHarvesting>>;

    beforeAll(async () => {
      lying = await startLying();
      h = await startHarvesting(database, {
        HARVEST_ALLOW_PRIVATE: `127.0.0.1:${PORT}`,
        HARVEST_MAX_PAGES: String(MAX_PAGES),
        HARVEST_PAGE_SIZE: '2',
      });
    }, 240_000);
    afterAll(async () => {
      await h?.t.close();
      await new Promise((resolve) => lying?.server.close(resolve));
    });

    const csw = (path: string) =>
      h.create({
        name: `CSW ${path}`,
        source: { type: 'csw', url: `${base}${path}` },
        collision: 'skip',
        publish: true,
      });

    it('a nextRecord that never ends stops at the page limit, keeps what came and deletes nothing', async () => {
      const harvester = await csw('/csw/endless');
      const { process, run } = await h.run(harvester.id);
      expect(process.state).toBe('failed');
      expect(run.counts).toMatchObject({ seen: MAX_PAGES * 2, added: MAX_PAGES * 2, deleted: 0 });
      expect(run.message).toContain(`limit of ${MAX_PAGES} pages`);
      expect(run.message).toContain('nothing was deleted');
      expect(lying.seen.filter((p) => p.startsWith('/csw/endless'))).toHaveLength(MAX_PAGES);
    });

    it('a cancel stops the run at the next page and deletes nothing', async () => {
      const harvester = await csw('/csw/slow');
      const started = await h.api('POST', `/harvesters/${harvester.id}/run`, h.boss());
      expect(started.statusCode).toBe(202);
      const id = started.json().id as string;
      await until(
        async () => (await h.get(harvester.id)).lastRun?.counts.seen === 2,
        'the first page',
        20_000,
      );
      const cancel = await h.api('POST', `/processes/${id}/cancel`, h.boss());
      expect(cancel.statusCode, cancel.body).toBe(202);
      const process = await h.waitProcess(id);
      expect(process.state).toBe('canceled');
      const run = (await h.get(harvester.id)).lastRun;
      expect(run?.state).toBe('canceled');
      expect(run?.counts.seen).toBeLessThan(MAX_PAGES * 2);
      expect(run?.counts.deleted).toBe(0);
      expect(run?.message).toContain('nothing was deleted');
    });

    it('a nextRecord that does not move on is an error, not a loop', async () => {
      const harvester = await csw('/csw/stuck');
      const { process, run } = await h.run(harvester.id);
      expect(process.state).toBe('failed');
      expect(run.message).toContain('does not move on');
      expect(lying.seen.filter((p) => p.startsWith('/csw/stuck'))).toHaveLength(1);
    });

    it('a 500 in the middle of a run deletes nothing', async () => {
      const harvester = await csw('/csw/flaky');
      const complete = await h.run(harvester.id);
      expect(complete.process.state).toBe('succeeded');
      expect(complete.run.counts).toMatchObject({ seen: 6, added: 6 });
      lying.failMidRun = true;
      const { process, run } = await h.run(harvester.id);
      expect(process.state).toBe('failed');
      expect(run.counts).toMatchObject({ seen: 2, unchanged: 2, deleted: 0 });
      expect(run.message).toContain('status 500');
      expect(run.message).toContain('Nothing was deleted');
      const states = await h.t.app.db
        .selectFrom('harvest_record')
        .innerJoin('object', 'object.id', 'harvest_record.object_id')
        .select('object.state')
        .where('harvest_record.harvester_id', '=', harvester.id)
        .execute();
      expect(states.map((s) => s.state)).toEqual(Array(6).fill('published'));
      lying.failMidRun = false;
    });

    it('a paging that ends short of the announced count deletes nothing', async () => {
      const harvester = await csw('/csw/short');
      const complete = await h.run(harvester.id);
      expect(complete.run.counts).toMatchObject({ seen: 6, added: 6 });
      lying.endEarly = true;
      const { process, run } = await h.run(harvester.id);
      expect(process.state).toBe('succeeded');
      expect(run.counts).toMatchObject({ seen: 1, unchanged: 1, deleted: 0 });
      expect(run.message).toContain('announced 6 records but its paging ended after 1');
      const states = await h.t.app.db
        .selectFrom('harvest_record')
        .innerJoin('object', 'object.id', 'harvest_record.object_id')
        .select('object.state')
        .where('harvest_record.harvester_id', '=', harvester.id)
        .execute();
      expect(states.map((s) => s.state)).toEqual(Array(6).fill('published'));
      lying.endEarly = false;
    });

    it('one malformed record is counted as failed and logged with its identifier; the rest arrive', async () => {
      const harvester = await csw('/csw/malformed');
      const { process, run } = await h.run(harvester.id);
      expect(process.state, process.error ?? '').toBe('succeeded');
      expect(run.counts).toMatchObject({ seen: 4, added: 2, failed: 2 });
      const log = (await h.log(process.id)).join('\n');
      expect(log).toMatch(/Record broken-1 failed: .*identificationInfo/);
      expect(log).toContain('A record without identifier failed');
      expect((await h.get(harvester.id)).records).toBe(2);
    });

    it('pages through OGC API Records by next links and fetches an item only when it is new or changed', async () => {
      const harvester = await h.create({
        name: 'OGC API',
        source: { type: 'ogcapi-records', url: `${base}/collections/meta` },
        collision: 'skip',
        publish: true,
      });
      const first = await h.run(harvester.id);
      expect(first.process.state, first.process.error ?? '').toBe('succeeded');
      expect(first.run.counts, (await h.log(first.process.id)).join('\n')).toMatchObject({
        seen: 3,
        added: 3,
      });
      const fetchedIso = () => lying.seen.filter((p) => p.startsWith('/iso/')).length;
      expect(fetchedIso()).toBe(3);
      const again = await h.run(harvester.id);
      expect(again.run.counts).toMatchObject({ seen: 3, unchanged: 3 });
      expect(fetchedIso()).toBe(3);
    });

    it('tests the connection through the address rule: a refused address is an answer, not an error', async () => {
      const ok = await h.api('POST', '/harvesters/test', h.boss(), {
        source: { type: 'csw', url: `${base}/csw/flaky` },
      });
      expect(HarvesterTestResult.parse(ok.json())).toEqual({
        ok: true,
        title: 'Lying catalogue',
        records: 6,
      });
      for (const url of [
        'http://169.254.169.254/latest/meta-data/',
        'http://10.1.2.3/csw',
        `http://127.0.0.1:${PORT + 1}/csw`,
      ]) {
        const res = await h.api('POST', '/harvesters/test', h.boss(), {
          source: { type: 'csw', url },
        });
        expect(res.statusCode, url).toBe(200);
        expect(HarvesterTestResult.parse(res.json()), url).toMatchObject({
          ok: false,
          code: 'harvester.refused_url',
        });
      }
      const ogc = await h.api('POST', '/harvesters/test', h.boss(), {
        source: { type: 'ogcapi-records', url: `${base}/collections/meta` },
      });
      expect(HarvesterTestResult.parse(ogc.json())).toEqual({
        ok: true,
        title: 'Lying records',
        records: 3,
      });
    });
  },
);
