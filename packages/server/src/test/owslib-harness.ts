import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import {
  createRecord,
  searchAccounts,
  searchOk,
  searchUrl,
} from '../modules/search/search.test-helpers.js';
import { freePort } from './process-helpers.js';
import { createTestApp, type TestApp } from './test-app.js';

/**
 * The harness of the tests that use a real client, OWSLib (Debian python3-owslib, the library
 * of QGIS MetaSearch), against the server listening on a port: the interpreter, the records
 * the clients search, the server and the client's run. A test compares the client's answers
 * with the search API's for the same criteria.
 */

/**
 * Debian's python if it imports `module`, else another on the path that does; undefined
 * (and a warning naming `testFile`, so the skip is seen) where python3-owslib is missing.
 * Debian's comes first: other interpreters on the path may lack the Debian package.
 */
export function owslibPython(module: string, testFile: string): string | undefined {
  for (const python of ['/usr/bin/python3', 'python3']) {
    const probe = spawnSync(python, ['-c', `import ${module}`], { stdio: 'ignore' });
    if (probe.status === 0) return python;
  }
  console.warn(
    `${testFile} skipped: python3-owslib is not installed (apt-get install python3-owslib).`,
  );
  return undefined;
}

/** The records every client test searches: three published ones and a draft. */
export type OwslibRecord = 'water' | 'soil' | 'aerial' | 'draft';

export interface OwslibServer<More extends string> {
  /** The app, listening once `beforeAll` has run. */
  readonly app: FastifyInstance;
  /** The service's URL, e.g. `http://127.0.0.1:<port>/csw`. */
  readonly endpoint: string;
  readonly ids: Readonly<Record<OwslibRecord | More, string>>;
}

/**
 * Registers the hooks of a `describe`: a fresh app on PGlite whose PUBLIC_URL is its own
 * address, with the common records (and those `more` adds, created before the draft), that
 * listens on a free port until the block ends.
 */
export function useOwslibServer<More extends string = never>(options: {
  /** The service's path under the server, e.g. `/csw`. */
  path: string;
  /** Settings beside PUBLIC_URL (a title the client reads back). */
  env?: Record<string, string>;
  more?: (
    app: FastifyInstance,
    tokens: Awaited<ReturnType<typeof searchAccounts>>,
  ) => Promise<Record<More, string>>;
}): OwslibServer<More> {
  let t: TestApp | undefined;
  let endpoint = '';
  let ids = {} as Record<OwslibRecord | More, string>;
  beforeAll(async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    endpoint = `${base}${options.path}`;
    t = await createTestApp({ name: 'pglite' }, { PUBLIC_URL: base, ...options.env });
    const tokens = await searchAccounts(t.app);
    const common = await createCommonRecords(t.app, tokens);
    const more = options.more ? await options.more(t.app, tokens) : ({} as Record<More, string>);
    const draft = await createRecord(
      t.app,
      tokens,
      { title: { de: 'Grundwasser Entwurf', en: 'Groundwater draft' }, keywords: ['Grundwasser'] },
      'draft',
    );
    ids = { ...common, ...more, draft } as Record<OwslibRecord | More, string>;
    await t.app.listen({ port, host: '127.0.0.1' });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });
  return {
    get app() {
      if (!t) throw new Error('the OWSLib server starts in beforeAll');
      return t.app;
    },
    get endpoint() {
      return endpoint;
    },
    get ids() {
      return ids;
    },
  };
}

async function createCommonRecords(
  app: FastifyInstance,
  tokens: Awaited<ReturnType<typeof searchAccounts>>,
) {
  return {
    water: await createRecord(app, tokens, {
      title: { de: 'Grundwassermessnetz', en: 'Groundwater monitoring network' },
      abstract: { de: 'Messstellen des Grundwassers.', en: 'Groundwater gauges.' },
      keywords: ['Grundwasser'],
      extent: { west: 5.87, south: 50.32, east: 9.46, north: 52.53 },
    }),
    soil: await createRecord(app, tokens, {
      title: { de: 'Bodenkarte Bayern', en: 'Soil map of Bavaria' },
      abstract: { de: 'Böden Bayerns.', en: 'Soils of Bavaria.' },
      keywords: ['Boden'],
      extent: { west: 8.97, south: 47.27, east: 13.84, north: 50.56 },
    }),
    aerial: await createRecord(
      app,
      tokens,
      {
        title: { de: 'Luftbilder Deutschland', en: 'Aerial images' },
        abstract: { de: 'Luftbilder als Dienst.', en: 'Aerial images as a service.' },
        keywords: ['Luftbild'],
        extent: { west: 5.8, south: 47.2, east: 15.1, north: 55.1 },
      },
      'published',
      'service',
    ),
  };
}

/** Runs the client script with its arguments and answers the JSON it prints. */
export async function runOwslib(python: string, script: string, args: string[]) {
  const { stdout } = await promisify(execFile)(python, [script, ...args], { timeout: 60_000 });
  return JSON.parse(stdout);
}

/** How many records the search API finds for a visitor with these criteria. */
export async function visitorSearchCount(app: FastifyInstance, q: string, fq: string[] = []) {
  return (await searchOk(app, searchUrl(q, { fq, facets: false }))).numFound;
}
