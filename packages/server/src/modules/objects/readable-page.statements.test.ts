import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAccount, signIn, withToken } from '../../test/access-helpers.js';
import { completeMetadata } from '../../test/record-fixtures.js';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app.js';
import { newId } from '../access/session.js';
import { DCAT, ofType, parseTurtle } from '../dcat/dcat.test-helpers.js';
import { jsonCaller, storeFile } from '../files/files.test-helpers.js';
import { createObjects, type NewObject } from './object-writes.js';

/**
 * "No per-record reads" (`readablePage` of object-kernel.ts): every endpoint that writes a page
 * of records (OGC API Records, the DCAT catalogue, OAI-PMH in its three formats, CSW in both
 * output schemas) takes the same number of SQL statements for a page of 5 records as for a
 * page of 50, for a visitor and for a signed-in editor (who also sees hidden bundles' files).
 * Statements are counted where they reach the database engine (PGlite's `query`, pg's
 * `Client.query`), so the search's own statements and transactions count too.
 */

const HOST = 'https://geoportal.example.org';
/**
 * Most statements a page may take: the search's (in their transactions), the signed-in
 * caller's session, then the page's records, grants and files at once.
 */
const STATEMENTS_MAX = 20;

/** How many statements `run` sends to the database. */
async function statements(run: () => Promise<unknown>): Promise<number> {
  const engines = [
    vi.spyOn(Object.getPrototypeOf(PGlite.prototype), 'query'),
    vi.spyOn(pg.Client.prototype, 'query'),
  ];
  try {
    await run();
    return engines.reduce((n, spy) => n + spy.mock.calls.length, 0);
  } finally {
    for (const spy of engines) spy.mockRestore();
  }
}

/** A page asked for twice: the number of records it holds, and of statements it took. */
interface PageRequest {
  url: string;
  /** How many records the answer holds. */
  records(body: string): number;
}

const count = (pattern: RegExp) => (body: string) => body.match(pattern)?.length ?? 0;

const ogcapi = (limit: number): PageRequest => ({
  url: `/ogcapi/collections/metadata/items?limit=${limit}`,
  records: (body) => JSON.parse(body).numberReturned,
});
const dcat = (page: number): PageRequest => ({
  url: `/dcat/catalog.ttl?page=${page}`,
  records: (body) => ofType(parseTurtle(body), `${DCAT}Dataset`).length,
});
const oai = (prefix: string, set: string): PageRequest => ({
  url: `/oai?verb=ListRecords&metadataPrefix=${prefix}&set=${set}`,
  records: count(/<metadata>/g),
});
const csw = (schema: 'dc' | 'iso', maxRecords: number): PageRequest => ({
  url:
    `/csw?service=CSW&version=2.0.2&request=GetRecords&resultType=results&maxRecords=${maxRecords}` +
    (schema === 'iso'
      ? '&typeNames=gmd:MD_Metadata&elementSetName=full&outputSchema=http://www.isotc211.org/2005/gmd'
      : '&typeNames=csw:Record&elementSetName=full'),
  records: (body) => Number(/numberOfRecordsReturned="(\d+)"/.exec(body)?.[1]),
});

/** Pages of 5 and of 50 records of each endpoint (55 public records: 50 datasets, 5 services). */
const pairs: Record<string, [PageRequest, PageRequest]> = {
  'OGC API Records items': [ogcapi(5), ogcapi(50)],
  // DCAT_PAGE_SIZE=50: the second page holds the last 5.
  'DCAT catalogue': [dcat(2), dcat(1)],
  'OAI-PMH ListRecords oai_dc': [oai('oai_dc', 'type:service'), oai('oai_dc', 'type:dataset')],
  'OAI-PMH ListRecords iso19139': [
    oai('iso19139', 'type:service'),
    oai('iso19139', 'type:dataset'),
  ],
  'OAI-PMH ListRecords dcat_ap': [oai('dcat_ap', 'type:service'), oai('dcat_ap', 'type:dataset')],
  'CSW GetRecords Dublin Core': [csw('dc', 5), csw('dc', 50)],
  'CSW GetRecords ISO 19139': [csw('iso', 5), csw('iso', 50)],
};

describe.each(testDatabases)(
  'a page of records in a fixed number of statements on $name',
  (database) => {
    let t: TestApp;
    let app: FastifyInstance;
    let editor: string;

    beforeAll(async () => {
      t = await createTestApp(database, {
        PUBLIC_URL: HOST,
        DCAT_PAGE_SIZE: '50',
        // No background jobs between the statements of a request.
        PROCESS_WORKER: 'false',
      });
      app = t.app;
      const ownerId = await createAccount(app, 'owner', 'owner-password-1', { role: 'submitter' });
      await createAccount(app, 'editor', 'editor-password-1', { role: 'editor' });
      editor = await signIn(app, 'editor', 'editor-password-1');
      const records: NewObject[] = Array.from({ length: 55 }, (_, i) => ({
        id: newId(),
        type: i < 50 ? 'dataset' : 'service',
        state: 'published',
        ownerId,
        metadata: completeMetadata({ title: { de: `Seitenprobe ${i + 1}` } }),
      }));
      // Through the write kernel in one transaction: the search documents and OAI-PMH's trace too.
      await app.db
        .transaction()
        .execute((trx) =>
          createObjects(
            trx,
            { name: 'owner', audit: { actor: 'owner', requestId: 'seed', now: app.clock() } },
            records,
          ),
        );
      // Files of a displayed bundle (DCAT distributions for everyone) and of a hidden one (for
      // the editor), on datasets and on a service.
      const headers = withToken(editor);
      for (const [index, bundle] of [
        [0, 'data'],
        [1, 'intern'],
        [52, 'data'],
      ] as const) {
        const id = records[index]?.id as string;
        await storeFile(app, headers, { id, bundle, path: 'werte.csv' }, 'a;b\n1;2\n');
        if (bundle === 'data') {
          const shown = await jsonCaller(app)(
            'PUT',
            `/object/${id}/${bundle}/display`,
            headers,
            true,
          );
          expect(shown.statusCode, shown.body).toBe(204);
        }
      }
    }, 180_000);
    afterAll(async () => {
      await t?.close();
    });

    for (const caller of ['visitor', 'editor'] as const) {
      for (const [endpoint, [small, large]] of Object.entries(pairs)) {
        it(`${caller}: ${endpoint} takes as many statements for 50 records as for 5`, async () => {
          const headers = caller === 'editor' ? withToken(editor) : {};
          const get = async (page: PageRequest) => {
            const res = await app.inject({ method: 'GET', url: page.url, headers });
            expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
            return page.records(res.body);
          };
          // Once each first: what a first request sets up (the signing key) is not the page's.
          expect(await get(small)).toBe(5);
          expect(await get(large)).toBe(50);
          const taken = [await statements(() => get(small)), await statements(() => get(large))];
          expect(taken[1], `5 records: ${taken[0]}, 50 records: ${taken[1]}`).toBe(taken[0]);
          expect(taken[0]).toBeLessThanOrEqual(STATEMENTS_MAX);
        });
      }
    }
  },
);
