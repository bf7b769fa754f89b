import { loadavg } from 'node:os';
import path from 'node:path';
import { writeBenchmarkSection } from './benchmarks-doc.js';
import { median } from './files.js';
import { machine, today } from './machine.js';
import { cpuByProcess, prepareSearchDatabase, type Target } from './search-load.js';
import { type HttpRun, measureHttp, pathOf } from './search-measure.js';
import { queryMixOf, type SearchQuery } from './search-queries.js';
import { loadServerModules } from './search-server.js';
import { startBenchServer } from './server-process.js';

/**
 * `npm run bench:search-cost -w @geoportal/bench`: the search's cost per request, two builds
 * side by side in one run (issue 22, point 3). Both servers are started in turn on the same
 * PostgreSQL schema (the search bench's records, loaded and indexed by `bench:search`),
 * each sends the bench's query mix (with facets, as a visitor) after a warm-up pass with 1,
 * 2 and 8 clients, and the CPU time of the client, the server and the database's processes
 * is divided by the requests. The builds take turns: before, after, before, after, so that a
 * change in the machine's load shows as a difference between the two runs of one build.
 * Rewrites the section "Search cost per request" of docs/benchmarks.md.
 *
 * The other build: a checkout of the commit to compare with, built (`git worktree add
 * /tmp/before <commit>`, node_modules linked from this checkout, `npm run build`), given as
 * BENCH_COMPARE_MAIN=/tmp/before/packages/server/dist/main.js. Its label: BENCH_COMPARE_LABEL.
 *
 * Environment: BENCH_SEARCH_PG_N (1,000,000), BENCH_SEARCH_PG_URL, BENCH_SEARCH_QUERIES
 * (240), BENCH_SEARCH_PASSES (2), BENCH_SEARCH_SEED (1), BENCH_SEARCH_PORT (8095),
 * BENCH_COST_CLIENTS (1,2,8), BENCH_COST_ROUNDS (2: runs of each build).
 */
const env = process.env;
const options = {
  beforeMain: env.BENCH_COMPARE_MAIN,
  beforeLabel: env.BENCH_COMPARE_LABEL ?? 'before',
  n: Number(env.BENCH_SEARCH_PG_N ?? 1_000_000),
  pgUrl: env.BENCH_SEARCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/geoportal_bench',
  queries: Number(env.BENCH_SEARCH_QUERIES ?? 240),
  passes: Number(env.BENCH_SEARCH_PASSES ?? 2),
  seed: Number(env.BENCH_SEARCH_SEED ?? 1),
  port: Number(env.BENCH_SEARCH_PORT ?? 8095),
  clients: (env.BENCH_COST_CLIENTS ?? '1,2,8').split(',').map(Number),
  rounds: Number(env.BENCH_COST_ROUNDS ?? 2),
};

interface BuildRun {
  build: 'before' | 'after';
  round: number;
  load: [number, number];
  http: HttpRun[];
}

const target = (n: number): Target => ({
  engine: 'postgres',
  databaseUrl: options.pgUrl,
  schema: `search_${n}`,
  dataDir: '',
});

async function runBuild(
  build: 'before' | 'after',
  round: number,
  queries: SearchQuery[],
): Promise<BuildRun> {
  const loadAtStart = loadavg()[0] ?? 0;
  const server = await startBenchServer(options.port, {
    env: {
      DEMO_DATA: 'false',
      ADMIN_PASSWORD: 'bench-admin-password',
      DATABASE_URL: options.pgUrl,
      DATABASE_SCHEMA: `search_${options.n}`,
    },
    ...(build === 'before' ? { mainJs: path.resolve(options.beforeMain as string) } : {}),
  });
  const http: HttpRun[] = [];
  try {
    await measureHttp(server.url, queries, 'facets', 2, 1);
    for (const clients of options.clients) {
      const result = await measureHttp(server.url, queries, 'facets', clients, options.passes, () =>
        cpuByProcess(target(options.n), [String(server.pid)]),
      );
      http.push(result);
      console.log(
        `${build} (run ${round}), ${clients} client(s): p50 ${result.latency.p50} ms, p95 ${result.latency.p95} ms, ${result.requestsPerSecond} requests/s, CPU ${result.cpuMsPerRequest} ms per request, ${result.errors} errors`,
      );
    }
  } finally {
    await server.stop();
  }
  return { build, round, load: [loadAtStart, loadavg()[0] ?? 0], http };
}

/** The slowest queries of a build: the median over its 1-client runs of each query's median. */
function slowest(runs: BuildRun[], queries: SearchQuery[], count: number): string {
  const oneClient = runs.flatMap((run) => run.http.filter((h) => h.clients === 1));
  const perQuery = queries.map((_, i) => median(oneClient.map((h) => h.perQuery[i] ?? 0)));
  const found = oneClient[0]?.numFound ?? [];
  return perQuery
    .map((ms, i) => ({ ms, i }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, count)
    .map(
      ({ ms, i }) =>
        `\`${(queries[i] as SearchQuery).text}\` (${(found[i] ?? 0).toLocaleString('en')} hits) ${Math.round(ms)} ms`,
    )
    .join(', ');
}

function render(runs: BuildRun[], queries: SearchQuery[], loadedAt: string): string {
  const label = (build: 'before' | 'after') =>
    build === 'before' ? options.beforeLabel : 'after (this checkout)';
  const lines = [
    '## Search cost per request (issue 22, point 3)',
    '',
    `\`npm run bench:search-cost -w @geoportal/bench\`: two builds side by side on one PostgreSQL database (schema \`search_${options.n}\`, the search bench's ${options.n.toLocaleString('en')} records${loadedAt}), each build's server started in turn, the builds taking turns (before, after, before, after). Each run: the bench's mix (${queries.length} queries with their boxes and facet filters, with facets, 20 rows, as a visitor), one warm-up pass, then ${options.passes} passes with each number of clients. CPU per request: the client, the server and the database's server processes, divided by the requests.`,
    '',
    `Measured ${today()}; machine: ${machine()}.`,
    '',
    '| build | run | clients | p50 ms | p95 ms | max ms | requests/s | CPU ms per request | load at start → end |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---|',
  ];
  for (const run of runs) {
    for (const h of run.http) {
      lines.push(
        `| ${label(run.build)} | ${run.round} | ${h.clients} | ${h.latency.p50} | ${h.latency.p95} | ${h.latency.max} | ${h.requestsPerSecond} | ${h.cpuMsPerRequest ?? '–'} | ${run.load[0].toFixed(1)} → ${run.load[1].toFixed(1)} |`,
      );
    }
  }
  const tenth = (x: number) => Math.round(x * 10) / 10;
  const figure = (build: 'before' | 'after', pick: (h: HttpRun) => number, clients = 1) =>
    tenth(
      median(
        runs
          .filter((r) => r.build === build)
          .flatMap((r) => r.http.filter((h) => h.clients === clients).map(pick)),
      ),
    );
  const cpu = (build: 'before' | 'after') => figure(build, (h) => h.cpuMsPerRequest ?? 0);
  const p95 = (build: 'before' | 'after') => figure(build, (h) => h.latency.p95);
  const share = Math.round((cpu('after') / Math.max(0.1, cpu('before'))) * 100);
  const worst = (build: 'before' | 'after') => {
    const oneClient = runs
      .filter((r) => r.build === build)
      .flatMap((r) => r.http.filter((h) => h.clients === 1));
    return Math.max(...queries.map((_, i) => median(oneClient.map((h) => h.perQuery[i] ?? 0))));
  };
  const verdict = (met: boolean) => (met ? 'met' : '**missed**');
  lines.push(
    '',
    '| goal (1 client, median of the runs) | before | after | |',
    '|---|---:|---:|---|',
    `| CPU per request ≤ 40 % of before | ${cpu('before')} ms | ${cpu('after')} ms (${share} %) | ${verdict(share <= 40)} |`,
    `| p95 ≤ 100 ms | ${p95('before')} ms | ${p95('after')} ms | ${verdict(p95('after') <= 100)} |`,
    `| no query of the mix over 300 ms | ${Math.round(worst('before'))} ms | ${Math.round(worst('after'))} ms | ${verdict(worst('after') <= 300)} |`,
    '',
    `Requests/s, median of the runs: ${options.clients.map((c) => `${c} client(s) ${figure('before', (h) => h.requestsPerSecond, c)} → ${figure('after', (h) => h.requestsPerSecond, c)}`).join('; ')}.`,
    '',
    `The slowest queries after: ${slowest(
      runs.filter((r) => r.build === 'after'),
      queries,
      5,
    )}.`,
    '',
    `Before: ${slowest(
      runs.filter((r) => r.build === 'before'),
      queries,
      5,
    )}.`,
    '',
  );
  return lines.join('\n');
}

if (!options.beforeMain) throw new Error("BENCH_COMPARE_MAIN: the other build's server main.js");
const server = await loadServerModules();
const { database, result } = await prepareSearchDatabase(server, target(options.n), {
  n: options.n,
  seed: options.seed,
  reindex: false,
});
let queries: SearchQuery[];
try {
  queries = await queryMixOf(
    { rows: (text) => server.raw(database.db, text) },
    { seed: options.seed, count: options.queries },
  );
} finally {
  await database.close();
}
const runs: BuildRun[] = [];
for (let round = 1; round <= options.rounds; round++) {
  for (const build of ['before', 'after'] as const)
    runs.push(await runBuild(build, round, queries));
}
const loadedAt = `, indexed in ${Math.round(result.index.ms / 60_000)} min`;
await writeBenchmarkSection(
  'Search cost per request \\(issue 22, point 3\\)',
  render(runs, queries, loadedAt),
);
console.log(`${pathOf(queries[0] as SearchQuery, 'facets')} … written to docs/benchmarks.md`);
