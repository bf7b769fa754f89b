import { createServer, type Server } from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, signIn, withToken } from '../../test/access-helpers.js';
import { freePort } from '../../test/process-helpers.js';
import { completeMetadata } from '../../test/record-fixtures.js';
import { testDatabases } from '../../test/test-app.js';
import { startHarvesting } from '../harvest/harvest.test-helpers.js';
import { findObjectsWithGrants } from './object.repository.js';
import { isPublic } from './policy.js';

/**
 * The write kernel's promise (DESIGN §5 "One write path"), driven as a property: random
 * sequences of writes through every writer — the editor's saves, access control, workflow
 * steps, harvest runs whose remote claims local identifiers, an owner transfer, deletions —
 * and after each step every public read path (search, OAI-PMH, CSW, OGC API Records, DCAT,
 * sitemap) answers exactly the records `policy.isPublic` calls public; OAI-PMH never names
 * a record that was never public; every change has its audit entry; and a harvest never
 * changed a record its harvester did not create.
 */

const NS =
  'xmlns:csw="http://www.opengis.net/cat/csw/2.0.2" xmlns:gmd="http://www.isotc211.org/2005/gmd" xmlns:gco="http://www.isotc211.org/2005/gco"';

const isoRecord = (id: string, title: string, stamp: string) =>
  `<gmd:MD_Metadata ${NS}><gmd:fileIdentifier><gco:CharacterString>${id}</gco:CharacterString></gmd:fileIdentifier><gmd:dateStamp><gco:DateTime>${stamp}</gco:DateTime></gmd:dateStamp><gmd:identificationInfo><gmd:MD_DataIdentification><gmd:citation><gmd:CI_Citation><gmd:title><gco:CharacterString>${title}</gco:CharacterString></gmd:title></gmd:CI_Citation></gmd:citation><gmd:abstract><gco:CharacterString>About ${title}</gco:CharacterString></gmd:abstract></gmd:MD_DataIdentification></gmd:identificationInfo></gmd:MD_Metadata>`;

/** The remote: its own records plus claims on local identifiers, all in one page. */
interface Remote {
  server: Server;
  listing: { id: string; title: string; stamp: string }[];
}

async function startRemote(port: number): Promise<Remote> {
  const remote: Remote = { server: undefined as unknown as Server, listing: [] };
  remote.server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
    const xml = (body: string) =>
      void res.writeHead(200, { 'content-type': 'application/xml; charset=utf-8' }).end(body);
    if (url.searchParams.get('request') === 'GetCapabilities') {
      return xml(
        `<csw:Capabilities ${NS} xmlns:ows="http://www.opengis.net/ows" version="2.0.2"><ows:ServiceIdentification><ows:Title>Remote</ows:Title></ows:ServiceIdentification></csw:Capabilities>`,
      );
    }
    const hits = url.searchParams.get('resultType') === 'hits';
    const records = hits ? [] : remote.listing.map((r) => isoRecord(r.id, r.title, r.stamp));
    xml(
      `<?xml version="1.0" encoding="UTF-8"?><csw:GetRecordsResponse ${NS}><csw:SearchStatus timestamp="2026-01-05T10:00:00Z"/><csw:SearchResults numberOfRecordsMatched="${remote.listing.length}" numberOfRecordsReturned="${records.length}" nextRecord="0" recordSchema="http://www.isotc211.org/2005/gmd" elementSet="full">${records.join('')}</csw:SearchResults></csw:GetRecordsResponse>`,
    );
  });
  await new Promise<void>((resolve) => remote.server.listen(port, '127.0.0.1', resolve));
  return remote;
}

/** One write, with the indexes (taken modulo the records there are) of what it acts on. */
type Step =
  | { kind: 'create' }
  | { kind: 'save'; pick: number }
  | { kind: 'workflow'; pick: number; choice: number }
  | { kind: 'access'; pick: number; public: boolean; anna: boolean; everyone: boolean }
  | { kind: 'harvest'; keepBoth: boolean; claims: number[]; own: number; drop: boolean }
  | { kind: 'transfer' }
  | { kind: 'delete'; pick: number };

const pick = fc.nat(1000);
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { weight: 3, arbitrary: fc.constant({ kind: 'create' as const }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('save' as const), pick }) },
  {
    weight: 6,
    arbitrary: fc.record({ kind: fc.constant('workflow' as const), pick, choice: fc.nat(3) }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('access' as const),
      pick,
      public: fc.boolean(),
      anna: fc.boolean(),
      everyone: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('harvest' as const),
      keepBoth: fc.boolean(),
      claims: fc.array(pick, { maxLength: 3 }),
      own: fc.integer({ min: 0, max: 3 }),
      drop: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'transfer' as const }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), pick }) },
);

const RUNS = 5;
const STEPS = 16;

describe.each(testDatabases)('every writer keeps every read path in step on $name', (database) => {
  let h: Awaited<ReturnType<typeof startHarvesting>>;
  let remote: Remote;
  let port = 0;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    port = await freePort();
    remote = await startRemote(port);
    h = await startHarvesting(database, {
      HARVEST_ALLOW_PRIVATE: `127.0.0.1:${port}`,
      OAI_PAGE_SIZE: '500',
      CSW_MAX_RECORDS: '500',
    });
    tokens.ed = h.tokens.ed as string;
    tokens.boss = h.tokens.boss as string;
    for (const name of ['sub', 'anna']) {
      await createAccount(h.t.app, name, `${name} password 1`, { role: 'submitter' });
      tokens[name] = await signIn(h.t.app, name, `${name} password 1`);
    }
  }, 240_000);
  afterAll(async () => {
    await h?.t.close();
    await new Promise((resolve) => remote?.server.close(resolve));
  });

  const as = (who: string) => withToken(tokens[who] as string);
  const db = () => h.t.app.db;

  /** The records there are, oldest first, with what the policy decides from the stored rows. */
  const stored = async () => {
    const ids = (await db().selectFrom('object').select('id').orderBy('id').execute()).map(
      (r) => r.id,
    );
    const rows = await findObjectsWithGrants(db(), ids);
    const origins = await db().selectFrom('harvest_record').selectAll().execute();
    return rows
      .map((row) => ({
        id: row.id,
        state: row.state,
        version: row.version,
        owner: row.owner_name,
        metadata: JSON.stringify(row.metadata),
        public: isPublic(row),
        harvester: origins.find((o) => o.object_id === row.id)?.harvester_id ?? null,
      }))
      .sort((a, b) => a.id.localeCompare(b.id));
  };

  const auditCount = async (id: string) =>
    Number(
      (
        await db()
          .selectFrom('audit_entry')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('target', '=', id)
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** The ids each public read path answers to a visitor. */
  const publicPaths = async (): Promise<Record<string, { live: string[]; gone: string[] }>> => {
    const get = async (url: string) => {
      const res = await h.t.app.inject({ url });
      expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
      return res.body;
    };
    const search = JSON.parse(await get('/api/v1/index/search/objects/*/0/100')).docs.map(
      (d: { id: string }) => d.id,
    );
    const oai = await get('/oai?verb=ListIdentifiers&metadataPrefix=oai_dc');
    const headers = [
      ...oai.matchAll(/<header( status="deleted")?>\s*<identifier>[^<]*:([^:<]+)</g),
    ];
    const ogc = JSON.parse(await get('/ogcapi/collections/metadata/items?limit=100&f=json'));
    const csw = await get(
      '/csw?service=CSW&version=2.0.2&request=GetRecords&typeNames=csw:Record&resultType=results&elementSetName=brief&maxRecords=100',
    );
    const dcat = await get('/dcat/catalog.ttl');
    const sitemap = await get('/sitemap-1.xml');
    const idsIn = (text: string, all: string[]) => all.filter((id) => text.includes(id));
    const everyId = (await db().selectFrom('object').select('id').execute()).map((r) => r.id);
    return {
      search: { live: search, gone: [] },
      oai: {
        live: headers.filter((m) => !m[1]).map((m) => m[2] as string),
        gone: headers.filter((m) => m[1]).map((m) => m[2] as string),
      },
      ogcapi: { live: ogc.features.map((f: { id: string }) => f.id), gone: [] },
      csw: { live: idsIn(csw, everyId), gone: [] },
      dcat: { live: idsIn(dcat, everyId), gone: [] },
      sitemap: { live: idsIn(sitemap, everyId), gone: [] },
    };
  };

  it('after each write every read path agrees with policy.isPublic', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: STEPS, maxLength: STEPS }), async (steps) => {
        // Each run starts from an empty catalogue and fresh harvesters.
        await db().deleteFrom('object').execute();
        await db().deleteFrom('harvester').execute();
        await db().deleteFrom('oai_visibility_change').execute();
        remote.listing = [];
        const harvesters = {
          skip: await h.create({
            name: `Skip ${Math.random()}`,
            source: { type: 'csw', url: `http://127.0.0.1:${port}/csw` },
            collision: 'skip',
            publish: true,
          }),
          keep: await h.create({
            name: `Keep ${Math.random()}`,
            source: { type: 'csw', url: `http://127.0.0.1:${port}/csw` },
            collision: 'keep both',
            publish: true,
          }),
        };
        const everPublic = new Set<string>();
        let stamp = 0;
        for (const step of steps) {
          const before = await stored();
          const local = before.filter((r) => r.harvester === null);
          const chosen = (n: number) => before[n % Math.max(before.length, 1)];
          const audits = new Map(
            await Promise.all(before.map(async (r) => [r.id, await auditCount(r.id)] as const)),
          );
          /** Records this step changed (their audit count must have grown). */
          let touched: string[] = [];
          switch (step.kind) {
            case 'create': {
              const res = await h.api('POST', '/object', as('sub'), {
                metadata: completeMetadata({ title: { en: `Local ${before.length}` } }),
              });
              expect(res.statusCode, res.body).toBe(201);
              touched = [res.json().id];
              break;
            }
            case 'save': {
              const row = chosen(step.pick);
              if (!row) break;
              const who = row.state === 'draft' ? (row.owner === 'sub' ? 'sub' : 'boss') : 'ed';
              const current = await h.api('GET', `/object/${row.id}`, as(who));
              const object = current.json();
              const res = await h.api('PUT', '/object', as(who), {
                id: row.id,
                version: object.version,
                type: object.type,
                metadata: { ...object.metadata, title: { en: `Saved ${row.version}` } },
              });
              // Harvested records are read-only (409); the rest saves.
              expect([200, 409], res.body).toContain(res.statusCode);
              if (res.statusCode === 200) touched = [row.id];
              break;
            }
            case 'workflow': {
              const row = chosen(step.pick);
              if (!row) break;
              const who = row.state === 'draft' ? 'boss' : 'ed';
              const detail = await h.api('GET', `/object/${row.id}`, {
                ...as(who),
                accept: 'application/json; detail=detailed',
              });
              const options: string[] = detail.json().permissions.transitions;
              const to = options[step.choice % Math.max(options.length, 1)];
              if (!to) break;
              const res = await h.api('PUT', `/object/${row.id}/state`, as(who), {
                state: to,
                comment: 'Property step',
              });
              // A harvested draft may lack what review needs (400); the rest moves.
              expect([200, 400], res.body).toContain(res.statusCode);
              if (res.statusCode === 200) touched = [row.id];
              break;
            }
            case 'access': {
              const row = chosen(step.pick);
              if (!row) break;
              const grants = [
                ...(step.anna
                  ? [{ permission: 'read', subject: { kind: 'user', name: 'anna' } }]
                  : []),
                ...(step.everyone && row.state === 'published'
                  ? [{ permission: 'read', subject: { kind: 'everyone' } }]
                  : []),
              ];
              const res = await h.api('POST', `/object/${row.id}/accessControl`, as('boss'), {
                public: step.public,
                grants,
              });
              expect(res.statusCode, res.body).toBe(200);
              touched = [];
              break;
            }
            case 'harvest': {
              stamp += 1;
              const mine = Array.from({ length: step.own }, (_, i) => ({
                id: `remote-${i}`,
                title: `Remote ${i} v${stamp}`,
                stamp: `2026-02-${String(stamp).padStart(2, '0')}T10:00:00Z`,
              }));
              const claims = step.claims
                .map((n) => local[n % Math.max(local.length, 1)])
                .filter((r): r is NonNullable<typeof r> => r !== undefined)
                .map((r) => ({ id: r.id, title: 'Claimed', stamp: '2099-12-31T23:59:59Z' }));
              remote.listing = [...(step.drop ? mine.slice(1) : mine), ...claims];
              const harvester = step.keepBoth ? harvesters.keep : harvesters.skip;
              const { process } = await h.run(harvester.id);
              expect(['succeeded', 'failed']).toContain(process.state);
              break;
            }
            case 'transfer': {
              const name = `leaver${before.length}${stamp}`;
              await createAccount(h.t.app, name, `${name} password 1`, { role: 'submitter' });
              const token = await signIn(h.t.app, name, `${name} password 1`);
              const made = await h.api('POST', '/object', withToken(token), {
                metadata: completeMetadata({ title: { en: 'Left behind' } }),
              });
              const id = made.json().id as string;
              audits.set(id, await auditCount(id));
              const res = await h.api('DELETE', `/users/${name}?successor=sub`, as('boss'));
              expect(res.statusCode, res.body).toBe(204);
              touched = [id];
              break;
            }
            case 'delete': {
              const row = chosen(step.pick);
              if (!row) break;
              const res = await h.api('DELETE', `/object/${row.id}`, as('ed'));
              expect(res.statusCode, res.body).toBe(204);
              touched = [row.id];
              break;
            }
          }

          const after = await stored();
          for (const row of after) if (row.public) everPublic.add(row.id);
          // Every change has its audit entry (a deletion's stays after the record).
          for (const id of touched) {
            expect(await auditCount(id), `audit of ${step.kind} ${id}`).toBeGreaterThan(
              audits.get(id) ?? 0,
            );
          }
          // A harvest never changed a record its harvester did not create.
          if (step.kind === 'harvest') {
            const untouched = before.filter((r) => r.harvester === null);
            expect(after.filter((r) => r.harvester === null)).toEqual(untouched);
          }
          // Every public read path answers exactly the public records.
          const expected = after
            .filter((r) => r.public)
            .map((r) => r.id)
            .sort();
          const paths = await publicPaths();
          for (const [path, answer] of Object.entries(paths)) {
            expect([...new Set(answer.live)].sort(), `${path} after ${step.kind}`).toEqual(
              expected,
            );
          }
          // OAI-PMH names as deleted exactly the records that were public once and are not
          // now (deleted ones included), and never one that was never public.
          const gone = [...everPublic].filter((id) => !expected.includes(id)).sort();
          expect([...new Set(paths.oai?.gone)].sort(), `OAI deleted after ${step.kind}`).toEqual(
            gone,
          );
        }
      }),
      { numRuns: RUNS },
    );
  }, 600_000);
});
