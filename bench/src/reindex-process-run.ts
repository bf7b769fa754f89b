import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { writeBenchmarkSection } from './benchmarks-doc.js';
import { machine, today } from './machine.js';
import { prepareSearchDatabase, type Target } from './search-load.js';
import { type Percentiles, percentiles } from './search-measure.js';
import { queryMixOf, type SearchQuery } from './search-queries.js';
import { loadServerModules } from './search-server.js';
import { startBenchServer } from './server-process.js';

/**
 * `npm run bench:reindex -w @geoportal/bench`: a full search reindex run as a background
 * process (issue 20) on the search benchmark's PGlite database (250,000 records by default,
 * shared with `bench:search` in BENCH_SEARCH_DIR). An administrator starts `search.reindex`
 * over the API; while it runs, the process is read every 250 ms (how often its progress
 * moves) and one client searches without pause (the search benchmark's query mix), and the
 * same client's search times before the reindex are the baseline. Every document is made
 * stale first, so the reindex rewrites all of them while searches still find the old ones.
 *
 * Environment: BENCH_REINDEX_N (250000), BENCH_SEARCH_DIR, BENCH_REINDEX_PORT (8094),
 * BENCH_REINDEX_BASELINE_S (30: seconds of searching before the reindex).
 */
const env = process.env;
const n = Number(env.BENCH_REINDEX_N ?? 250_000);
const dir = env.BENCH_SEARCH_DIR ?? path.join(tmpdir(), 'geoportal-search-bench');
const port = Number(env.BENCH_REINDEX_PORT ?? 8094);
const baselineSeconds = Number(env.BENCH_REINDEX_BASELINE_S ?? 30);
const seed = 1;
const ADMIN_PASSWORD = 'bench-admin-password';

interface Job {
  id: string;
  state: string;
  progress: number;
  startedAt: string | null;
  finishedAt: string | null;
}

interface SearchTimes {
  latency: Percentiles;
  requests: number;
  errors: number;
}

/** Searches the query list round and round until `stop()` says so; answers the times. */
async function searchUntil(
  url: string,
  queries: SearchQuery[],
  stop: () => boolean,
): Promise<SearchTimes> {
  const times: number[] = [];
  let errors = 0;
  for (let i = 0; !stop(); i = (i + 1) % queries.length) {
    const started = performance.now();
    const res = await fetch(`${url}/api/v1${(queries[i] as SearchQuery).facets}`);
    await res.arrayBuffer();
    if (res.ok) times.push(performance.now() - started);
    else errors += 1;
  }
  return { latency: percentiles(times), requests: times.length + errors, errors };
}

async function main() {
  const loadAtStart = loadavg()[0] ?? 0;
  const modules = await loadServerModules();
  const target: Target = {
    engine: 'pglite',
    schema: 'public',
    dataDir: path.join(dir, `pglite-${n}`),
  };
  const { database } = await prepareSearchDatabase(modules, target, { n, seed });
  let queries: SearchQuery[];
  try {
    queries = await queryMixOf(
      { rows: (text) => modules.raw(database.db, text) },
      { seed, count: 240 },
    );
    // Every document stale but still searchable, as after a release that changed the search
    // document: the reindex then rewrites all of them in place (a rebuild over a current
    // index skips unchanged documents and would measure little).
    await modules.raw(database.db, 'update search_document set content_hash = null');
    // As the nightly maintenance leaves the embedded database (PGlite has no autovacuum): the
    // update's old row versions reusable, so runs after runs measure the same table.
    await modules.raw(database.db, 'vacuum (analyze) search_document');
    // A run stopped halfway leaves its reindex queued again (a shutdown gives jobs back):
    // it would run before this run's own and rewrite the documents first.
    await modules.raw(
      database.db,
      "update process_job set state = 'canceled', finished_at = now() where state in ('queued', 'running')",
    );
  } finally {
    // PGlite allows one process at a time: the server opens it next.
    await database.close();
  }

  const server = await startBenchServer(port, {
    env: { DEMO_DATA: 'false', ADMIN_PASSWORD },
    dataDir: target.dataDir,
  });
  try {
    const signIn = await fetch(`${server.url}/api/v1/access/authorize`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
    });
    if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status}`);
    const headers = { AccessToken: ((await signIn.json()) as { id: string }).id };

    console.log(`Reindex ${n}: ${baselineSeconds} s of searching before the reindex`);
    const baselineEnd = Date.now() + baselineSeconds * 1000;
    const before = await searchUntil(server.url, queries, () => Date.now() > baselineEnd);

    const started = await fetch(`${server.url}/api/v1/processes`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'search.reindex', params: {} }),
    });
    if (started.status !== 202) throw new Error(`starting the reindex failed: ${started.status}`);
    const id = ((await started.json()) as Job).id;
    console.log(`Reindex ${n}: process ${id} started`);

    // Progress readings: when the progress seen last moved, and the longest time it stood.
    let job: Job | undefined;
    let lastMove: number | undefined;
    let lastProgress = -1;
    const gaps: number[] = [];
    let done = false;
    const watcher = (async () => {
      const deadline = Date.now() + 60 * 60_000;
      while (Date.now() < deadline) {
        const res = await fetch(`${server.url}/api/v1/processes/${id}`, { headers });
        job = (await res.json()) as Job;
        const now = Date.now();
        if (job.state === 'running' && job.progress !== lastProgress) {
          if (lastMove !== undefined) gaps.push(now - lastMove);
          lastMove = now;
          lastProgress = job.progress;
        }
        if (['succeeded', 'failed', 'canceled'].includes(job.state)) break;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      done = true;
    })();
    const during = await searchUntil(server.url, queries, () => done);
    await watcher;
    if (job?.state !== 'succeeded') throw new Error(`the reindex ended ${job?.state ?? 'unknown'}`);
    const seconds =
      (Date.parse(job.finishedAt as string) - Date.parse(job.startedAt as string)) / 1000;
    const sortedGaps = [...gaps].sort((a, b) => a - b);
    const gapP95 =
      sortedGaps[Math.min(sortedGaps.length - 1, Math.floor(0.95 * sortedGaps.length))] ?? 0;
    const gapMax = sortedGaps.at(-1) ?? 0;
    const result = {
      seconds,
      perSecond: Math.round(n / seconds),
      gapP95,
      gapMax,
      moves: gaps.length + 1,
      before,
      during,
      load: [loadAtStart, loadavg()[0] ?? 0],
    };
    console.log(JSON.stringify(result));
    await writeBenchmarkSection('Reindex as a process', render(result));
  } finally {
    await server.stop();
  }
}

function render(r: {
  seconds: number;
  perSecond: number;
  gapP95: number;
  gapMax: number;
  moves: number;
  before: SearchTimes;
  during: SearchTimes;
  load: number[];
}): string {
  const met = (ok: boolean) => (ok ? 'met' : '**missed**');
  return `## Reindex as a process

A full search reindex started by an administrator as the background process
\`search.reindex\` on the search benchmark's PGlite database of ${n.toLocaleString('en')} records,
with the built server; every document was made stale before (as after a release that changed
the search document), so all are rewritten in place while searches still find the old ones. The process is read over the API every 250 ms; one client searches
without pause (the search benchmark's 240 queries, with facets) before (${baselineSeconds} s) and
during the reindex. Machine: ${machine()}. Measured ${today()}; load average (1 min)
${r.load[0]?.toFixed(1)} at the start, ${r.load[1]?.toFixed(1)} at the end.

| figure | value | target | |
|---|---:|---|---|
| reindex of ${n.toLocaleString('en')} records | ${r.seconds.toFixed(0)} s (${r.perSecond} records/s) | (for reference) | |
| progress seen moving: longest pause | ${(r.gapMax / 1000).toFixed(1)} s (p95 ${(r.gapP95 / 1000).toFixed(1)} s, ${r.moves} readings that moved) | every ≤ 2 s | ${met(r.gapMax <= 2000)} |
| searches during the reindex: p50 / p95 | ${r.during.latency.p50} / ${r.during.latency.p95} ms (${r.during.requests} searches, ${r.during.errors} errors) | keep answering | ${met(r.during.errors === 0 && r.during.requests > 0)} |
| searches before the reindex: p50 / p95 | ${r.before.latency.p50} / ${r.before.latency.p95} ms (${r.before.requests} searches) | (baseline) | |
`;
}

await main();
