import { readdirSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { cpuSeconds, type Engine, prepareSearchDatabase, type Target } from './search-load.js';
import { type Db, loadServerModules, type ServerModules } from './search-server.js';

/**
 * `npm run bench:index -w @geoportal/bench` (after
 * building the server): times only the search index upkeep on generated records, per
 * engine, and prints records/s beside the machine load (a busy machine slows every figure,
 * so the load tells how far to trust it). It measures:
 * - `empty`: `rebuildSearchIndex` after the documents and terms were deleted (a new
 *   database, or an index lost);
 * - `current`: `rebuildSearchIndex` over an index that is up to date (a restart after a
 *   version bump that did not change the documents);
 * - `refresh`: a save's share: one object changed (its modification time) and
 *   `refreshSearchDocuments` of it, one transaction each.
 *
 * The records are loaded with the search benchmark's loader (reused when already there).
 * Environment (all optional): BENCH_INDEX_N (20,000), BENCH_INDEX_ENGINES
 * ('postgres,pglite'), BENCH_SEARCH_PG_URL (geoportal_bench; schema `index_<N>`),
 * BENCH_INDEX_DIR (the PGlite databases), BENCH_INDEX_REFRESHES (500),
 * BENCH_INDEX_CASES ('empty,current,refresh').
 */
const env = process.env;
const options = {
  n: Number(env.BENCH_INDEX_N ?? 20_000),
  engines: (env.BENCH_INDEX_ENGINES ?? 'postgres,pglite').split(',') as Engine[],
  pgUrl: env.BENCH_SEARCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/geoportal_bench',
  dir: env.BENCH_INDEX_DIR ?? path.join(tmpdir(), 'geoportal-index-bench'),
  refreshes: Number(env.BENCH_INDEX_REFRESHES ?? 500),
  cases: (env.BENCH_INDEX_CASES ?? 'empty,current,refresh').split(','),
};

/** The server's transaction API, which the bench's narrow `Db` leaves out. */
interface TransactionalDb extends Db {
  transaction(): { execute<T>(run: (trx: Db) => Promise<T>): Promise<T> };
}

type Refresh = (trx: Db, ids: readonly string[]) => Promise<void>;

interface Measurement {
  engine: Engine;
  case: string;
  records: number;
  seconds: number;
  perSecond: number;
  cpuSeconds: number;
  /** One-minute load average before and after. */
  load: [number, number];
  walMb?: number;
}

const load1 = () => Math.round((loadavg()[0] ?? 0) * 100) / 100;

/** Megabytes of WAL files in a PGlite data directory (what a rebuild leaves behind). */
function walMegabytes(dataDir: string): number {
  const dir = path.join(dataDir, 'db', 'pg_wal');
  let bytes = 0;
  for (const name of readdirSync(dir)) {
    const stat = statSync(path.join(dir, name));
    if (stat.isFile()) bytes += stat.size;
  }
  return Math.round(bytes / 1e6);
}

/** Times `run` (which answers how many records it handled) in wall-clock and CPU seconds. */
async function timed(
  target: Target,
  label: string,
  run: () => Promise<number>,
): Promise<Measurement> {
  const loadBefore = load1();
  const cpuBefore = cpuSeconds(target);
  const started = performance.now();
  const records = await run();
  const seconds = (performance.now() - started) / 1000;
  const result: Measurement = {
    engine: target.engine,
    case: label,
    records,
    seconds: Math.round(seconds * 100) / 100,
    perSecond: Math.round(records / seconds),
    cpuSeconds: Math.round((cpuSeconds(target) - cpuBefore) * 10) / 10,
    load: [loadBefore, load1()],
  };
  if (target.engine === 'pglite') result.walMb = walMegabytes(target.dataDir);
  console.log(JSON.stringify(result));
  return result;
}

async function refreshEach(
  server: ServerModules,
  db: TransactionalDb,
  refresh: Refresh,
): Promise<number> {
  const rows = await server.raw(db, 'select id from object order by id limit $1', [
    options.refreshes,
  ]);
  for (const row of rows) {
    const id = String(row.id);
    await db.transaction().execute(async (trx) => {
      // A changed object, so that its document really is rewritten.
      await server.raw(
        trx,
        `update object set modified_at = modified_at + interval '1 second' where id = $1`,
        [id],
      );
      await refresh(trx, [id]);
    });
  }
  return rows.length;
}

async function benchEngine(server: ServerModules, refresh: Refresh, engine: Engine) {
  const target: Target =
    engine === 'postgres'
      ? {
          engine,
          databaseUrl: options.pgUrl,
          schema: `index_${options.n}`,
          dataDir: options.dir,
        }
      : { engine, schema: 'public', dataDir: path.join(options.dir, `pglite-${options.n}`) };
  const { database } = await prepareSearchDatabase(server, target, {
    n: options.n,
    seed: 1,
    reindex: false,
  });
  const db = database.db as TransactionalDb;
  try {
    for (const label of options.cases) {
      if (label === 'empty') {
        await server.raw(db, 'delete from search_term');
        await server.raw(db, 'delete from search_document');
        await server.raw(db, 'vacuum search_term, search_document');
        await timed(target, label, async () => (await server.rebuildSearchIndex(db)).indexed);
      } else if (label === 'current') {
        await timed(target, label, async () => (await server.rebuildSearchIndex(db)).indexed);
      } else if (label === 'refresh') {
        await timed(target, label, () => refreshEach(server, db, refresh));
      } else {
        throw new Error(`Unknown case ${label}`);
      }
    }
  } finally {
    await database.close();
  }
}

const server = await loadServerModules();
const { refreshSearchDocuments } = (await import(
  new URL('../../packages/server/dist/modules/search/search-index.js', import.meta.url).href
)) as { refreshSearchDocuments: Refresh };
for (const engine of options.engines) await benchEngine(server, refreshSearchDocuments, engine);
