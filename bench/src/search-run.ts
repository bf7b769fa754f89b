import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { writeBenchmarkSection } from './benchmarks-doc.js';
import { machine, today } from './machine.js';
import { cpuByProcess, type Engine, prepareSearchDatabase, type Target } from './search-load.js';
import { type ExplainRun, explainQueries, type HttpRun, measureHttp } from './search-measure.js';
import { queryMixOf, type SearchQuery } from './search-queries.js';
import { type EngineResult, renderSearchSection } from './search-report.js';
import { loadServerModules, type ServerModules } from './search-server.js';
import { startBenchServer } from './server-process.js';

/**
 * `npm run bench:search -w @geoportal/bench`: the Search figures. For each engine with N > 0
 * (PostgreSQL 1,000,000 and PGlite 250,000 records by default), prepares the database
 * (loads it unless it holds the same records already), explains the statements of the query
 * mix, then starts the built server on it and measures the mix over HTTP. Each engine's
 * result is kept in BENCH_SEARCH_DIR, and the "Search" section of docs/benchmarks.md is
 * rewritten from the latest result of each engine; other sections stay as they are.
 *
 * Environment (all optional):
 * - BENCH_SEARCH_PG_N, BENCH_SEARCH_PGLITE_N: records per engine (0 skips the engine; both 0
 *   only rewrites the section from the stored results);
 * - BENCH_SEARCH_PG_URL: PostgreSQL database (created when missing; schema `search_<N>`);
 * - BENCH_SEARCH_DIR: where the PGlite databases and the results are kept (they are large);
 * - BENCH_SEARCH_QUERIES (240), BENCH_SEARCH_PASSES (2), BENCH_SEARCH_SEED (1),
 *   BENCH_SEARCH_PORT (8095);
 * - BENCH_SEARCH_REINDEX=1 rebuilds the PostgreSQL index even when it is current (PGlite's
 *   is always rebuilt: that is the full-reindex figure); =0 rebuilds only stale indexes and
 *   reports the recorded build.
 * The server is started from the build; while another build replaces it (the web app's files
 * missing for a moment), the start is retried.
 */
const env = process.env;
const options = {
  pgN: Number(env.BENCH_SEARCH_PG_N ?? 1_000_000),
  pgliteN: Number(env.BENCH_SEARCH_PGLITE_N ?? 250_000),
  pgUrl: env.BENCH_SEARCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/geoportal_bench',
  dir: env.BENCH_SEARCH_DIR ?? path.join(tmpdir(), 'geoportal-search-bench'),
  queries: Number(env.BENCH_SEARCH_QUERIES ?? 240),
  passes: Number(env.BENCH_SEARCH_PASSES ?? 2),
  seed: Number(env.BENCH_SEARCH_SEED ?? 1),
  port: Number(env.BENCH_SEARCH_PORT ?? 8095),
  /** '1': rebuild every index; '0': only stale ones; unset: PGlite's always, PostgreSQL's when stale. */
  reindex: env.BENCH_SEARCH_REINDEX,
};

const settingNames = ['shared_buffers', 'work_mem', 'effective_cache_size', 'jit', 'autovacuum'];

async function benchEngine(
  server: ServerModules,
  engine: Engine,
  n: number,
): Promise<EngineResult> {
  const loadAtStart = loadavg()[0] ?? 0;
  const target: Target =
    engine === 'postgres'
      ? { engine, databaseUrl: options.pgUrl, schema: `search_${n}`, dataDir: options.dir }
      : { engine, schema: 'public', dataDir: path.join(options.dir, `pglite-${n}`) };
  const { database, result: dataset } = await prepareSearchDatabase(server, target, {
    n,
    seed: options.seed,
    reindex: options.reindex === '1' || (options.reindex !== '0' && engine === 'pglite'),
  });
  let queries: SearchQuery[];
  let explain: Record<'facets' | 'plain', ExplainRun>;
  let settings: Record<string, string> = {};
  try {
    queries = await queryMixOf(
      { rows: (text) => server.raw(database.db, text) },
      { seed: options.seed, count: options.queries },
    );
    if (engine === 'postgres') {
      const rows = await server.raw(
        database.db,
        'select name, setting, unit from pg_settings where name = any($1)',
        [settingNames],
      );
      settings = Object.fromEntries(
        rows.map((r) => [String(r.name), `${r.setting}${r.unit ? ` × ${r.unit}` : ''}`]),
      );
    }
    console.log(`Search ${engine} ${n}: EXPLAIN ANALYZE of ${queries.length} queries × 2`);
    explain = {
      facets: await explainQueries(server, database.db, queries, 'facets'),
      plain: await explainQueries(server, database.db, queries, 'plain'),
    };
  } finally {
    // PGlite allows one process at a time: the server opens it next.
    await database.close();
  }

  const serverEnv: Record<string, string> = {
    DEMO_DATA: 'false',
    ADMIN_PASSWORD: 'bench-admin-password',
    ...(engine === 'postgres'
      ? { DATABASE_URL: options.pgUrl, DATABASE_SCHEMA: target.schema }
      : {}),
  };
  const bench = await startWithRetries(() =>
    startBenchServer(options.port, {
      env: serverEnv,
      ...(engine === 'pglite' ? { dataDir: target.dataDir } : {}),
    }),
  );
  const http: HttpRun[] = [];
  try {
    console.log(`Search ${engine} ${n}: warm-up`);
    await measureHttp(bench.url, queries, 'facets', 2, 1);
    await measureHttp(bench.url, queries, 'plain', 2, 1);
    // PGlite serves one statement at a time, so only one client is asked of it.
    for (const clients of engine === 'postgres' ? [1, 8] : [1]) {
      for (const variant of ['facets', 'plain'] as const) {
        const result = await measureHttp(bench.url, queries, variant, clients, options.passes, () =>
          cpuByProcess(target, [String(bench.pid)]),
        );
        http.push(result);
        console.log(
          `Search ${engine} ${n}: ${clients} client(s), ${variant}: p50 ${result.latency.p50} ms, p95 ${result.latency.p95} ms, p99 ${result.latency.p99} ms, ${result.errors} errors`,
        );
      }
    }
  } finally {
    await bench.stop();
  }
  return {
    engine,
    n,
    date: today(),
    machine: machine(),
    load: [loadAtStart, loadavg()[0] ?? 0],
    dataset,
    queries: queries.length,
    passes: options.passes,
    http,
    explain,
    texts: queries.map((q) => q.text),
    settings,
  };
}

/**
 * Starts the server, trying again for a few minutes when it fails: on a shared checkout
 * someone's `npm run build` may have removed the web app's files for a moment, and the
 * measurements before the start took long.
 */
async function startWithRetries<T>(start: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await start();
    } catch (error) {
      if (attempt >= 10) throw error;
      console.error(`Server start failed (${String(error)}); trying again in 20 s`);
      await new Promise((resolve) => setTimeout(resolve, 20_000));
    }
  }
}

await mkdir(options.dir, { recursive: true });
const resultsFile = path.join(options.dir, 'search-results.json');
/** The latest result per engine; read afresh before each write, as runs may overlap. */
const storedResults = async (): Promise<Partial<Record<Engine, EngineResult>>> =>
  JSON.parse(await readFile(resultsFile, 'utf8').catch(() => '{}'));
const server = await loadServerModules();
for (const [engine, n] of [
  ['postgres', options.pgN],
  ['pglite', options.pgliteN],
] as const) {
  if (n <= 0) continue;
  const result = await benchEngine(server, engine, n);
  const stored = { ...(await storedResults()), [engine]: result };
  await writeFile(resultsFile, JSON.stringify(stored, null, 1));
  await writeBenchmarkSection('Search', renderSearchSection(Object.values(stored)));
  console.log(`Search ${engine} ${n}: written to docs/benchmarks.md`);
}
// With both sizes 0, only the section is written again from the stored results.
if (options.pgN <= 0 && options.pgliteN <= 0) {
  const stored = Object.values(await storedResults());
  if (stored.length > 0) await writeBenchmarkSection('Search', renderSearchSection(stored));
}
