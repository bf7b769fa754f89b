import { searchLimits } from '@geoportal/contract/search';
import type { Engine, LoadResult } from './search-load.js';
import type { ExplainRun, HttpRun, Percentiles, Variant } from './search-measure.js';

/**
 * The "Search" section of docs/benchmarks.md, from the results of each engine's last run
 * (a run may measure one engine only; the other keeps its earlier figures and their date).
 */

export interface EngineResult {
  engine: Engine;
  n: number;
  date: string;
  machine: string;
  /** Load average (1 min) at the start and the end of the engine's part. */
  load: [number, number];
  dataset: LoadResult;
  queries: number;
  passes: number;
  http: HttpRun[];
  explain: Record<Variant, ExplainRun>;
  /** Query texts in the order of `perQuery`. */
  texts: string[];
  /** Database settings that shape the figures (PostgreSQL). */
  settings: Record<string, string>;
}

/** The issue's figures and at which size they apply. */
export const targets = {
  postgres: { n: 1_000_000, p50: 30, p95: 100, facetsExtra: 0.5 },
  pglite: { n: 250_000, p95: 150 },
  indexPerSecond: 500,
  reindex: { n: 250_000, ms: 10 * 60_000 },
} as const;

const engineName = { postgres: 'PostgreSQL', pglite: 'PGlite' } as const;
const ms = (x: number) => `${x} ms`;
const thousands = (x: number) => x.toLocaleString('en-US');
const pct = (x: number) => `${x >= 0 ? '+' : ''}${Math.round(x * 100)} %`;
const duration = (milliseconds: number) => {
  const s = Math.round(milliseconds / 1000);
  return s >= 60 ? `${Math.floor(s / 60)} min ${s % 60} s` : `${s} s`;
};

function judge(ok: boolean, n: number, targetN: number): string {
  if (n < targetN) return `not judged (N < ${thousands(targetN)})`;
  return ok ? 'met' : '**missed**';
}

const run = (r: EngineResult, clients: number, variant: Variant) =>
  r.http.find((h) => h.clients === clients && h.variant === variant);

/** Median over queries of (with facets / without facets − 1), from per-query medians. */
function facetsExtra(withFacets: number[], without: number[]): number {
  const ratios = withFacets
    .map((w, i) => w / (without[i] ?? Number.NaN) - 1)
    .filter((x) => Number.isFinite(x))
    .sort((a, b) => a - b);
  return ratios[Math.floor(ratios.length / 2)] ?? Number.NaN;
}

function figureRows(r: EngineResult): string[] {
  const rows: string[] = [];
  const name = `${engineName[r.engine]}, ${thousands(r.n)} records`;
  const dbFacets = r.explain.facets.total;
  const dbPlain = r.explain.plain.total;
  const one = run(r, 1, 'facets');
  const onePlain = run(r, 1, 'plain');
  if (r.engine === 'postgres') {
    const t = targets.postgres;
    for (const clients of [1, 8]) {
      const h = run(r, clients, 'facets');
      if (!h) continue;
      const db = (p: keyof Percentiles) => (clients === 1 ? ms(dbFacets[p]) : '–');
      rows.push(
        `| ${name}: text + bbox + facets, ${clients} client${clients > 1 ? 's' : ''}, p50 | ${ms(h.latency.p50)} | ${db('p50')} | ≤ ${t.p50} ms | ${judge(h.latency.p50 <= t.p50, r.n, t.n)} |`,
        `| ${name}: text + bbox + facets, ${clients} client${clients > 1 ? 's' : ''}, p95 | ${ms(h.latency.p95)} | ${db('p95')} | ≤ ${t.p95} ms | ${judge(h.latency.p95 <= t.p95, r.n, t.n)} |`,
      );
    }
    if (one && onePlain) {
      for (const p of ['p50', 'p95'] as const) {
        const api = one.latency[p] / onePlain.latency[p] - 1;
        const db = dbFacets[p] / dbPlain[p] - 1;
        rows.push(
          `| ${name}: facets add, ${p} with vs. without (${ms(one.latency[p])} vs. ${ms(onePlain.latency[p])}; database ${ms(dbFacets[p])} vs. ${ms(dbPlain[p])}) | ${pct(api)} | ${pct(db)} | ≤ +50 % | ${judge(api <= t.facetsExtra, r.n, t.n)} |`,
        );
      }
      const perQuery = facetsExtra(one.perQuery, onePlain.perQuery);
      rows.push(
        `| ${name}: facets add, median of the per-query ratios | ${pct(perQuery)} | ${pct(facetsExtra(r.explain.facets.perQuery, r.explain.plain.perQuery))} | (for reference) | |`,
      );
    }
  } else if (one) {
    const t = targets.pglite;
    rows.push(
      `| ${name}: text + bbox + facets, 1 client, p95 | ${ms(one.latency.p95)} | ${ms(dbFacets.p95)} | ≤ ${t.p95} ms | ${judge(one.latency.p95 <= t.p95, r.n, t.n)} |`,
      `| ${name}: the same, p50 | ${ms(one.latency.p50)} | ${ms(dbFacets.p50)} | (for reference) | |`,
    );
  }
  const index = r.dataset.index;
  const when = r.dataset.indexedNow ? 'this run' : `recorded ${index.at.slice(0, 10)}`;
  const cpu = index.perCpuSecond
    ? ` (${thousands(index.perCpuSecond)} per CPU second: ${index.cpuSeconds} CPU s in ${duration(index.ms)})`
    : '';
  rows.push(
    `| ${name}: indexing throughput (\`rebuildSearchIndex\`, ${when}) | ${thousands(index.perSecond)} records/s${cpu} | | ≥ ${targets.indexPerSecond} records/s | ${judge(index.perSecond >= targets.indexPerSecond, r.n, 0)} |`,
  );
  if (r.engine === 'pglite') {
    rows.push(
      `| ${name}: full reindex | ${duration(index.ms)} | | ≤ 10 min for ${thousands(targets.reindex.n)} | ${judge(index.ms <= targets.reindex.ms, r.n, targets.reindex.n)} |`,
    );
  }
  return rows;
}

function httpTable(results: EngineResult[]): string {
  const lines = results.flatMap((r) =>
    r.http.map(
      (h) =>
        `| ${engineName[r.engine]} ${thousands(r.n)} | ${h.clients} | ${h.variant === 'facets' ? 'yes' : 'no'} | ${h.latency.p50} | ${h.latency.p95} | ${h.latency.p99} | ${h.latency.mean} | ${h.latency.max} | ${h.requestsPerSecond} | ${h.cpuMsPerRequest ?? '–'} | ${h.requests} | ${h.errors} |`,
    ),
  );
  return `| engine | clients | facets | p50 ms | p95 ms | p99 ms | mean ms | max ms | requests/s | CPU ms per request | requests | errors |
|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|
${lines.join('\n')}`;
}

function statementTable(r: EngineResult): string {
  const lines = (['facets', 'plain'] as const).flatMap((variant) =>
    [...r.explain[variant].statements]
      .sort((a, b) => b.share - a.share)
      .map(
        (s) =>
          `| ${variant === 'facets' ? 'with' : 'without'} | \`${s.label.replaceAll('|', '\\|').replaceAll('`', "'")}\` | ${s.runs} | ${s.time.p50} | ${s.time.p95} | ${s.time.max} | ${Math.round(s.share * 100)} % |`,
      ),
  );
  return `| facets | statement (start) | runs | p50 ms | p95 ms | max ms | share of database time |
|---|---|---:|---:|---:|---:|---:|
${lines.join('\n')}`;
}

function slowest(r: EngineResult, count = 5): string {
  const one = run(r, 1, 'facets');
  if (!one) return '';
  const order = one.perQuery
    .map((t, i) => ({ t, i }))
    .sort((a, b) => b.t - a.t)
    .slice(0, count);
  const lines = order.map(
    ({ t, i }) =>
      `| \`${(r.texts[i] ?? '').replaceAll('|', '\\|')}\` | ${thousands(one.numFound[i] ?? 0)} | ${Math.round(t * 10) / 10} | ${Math.round((r.explain.facets.perQuery[i] ?? 0) * 10) / 10} |`,
  );
  return `| query | hits | API ms (1 client) | database ms |
|---|---:|---:|---:|
${lines.join('\n')}`;
}

function hitsLine(r: EngineResult): string {
  const one = run(r, 1, 'facets');
  if (!one) return '';
  const sorted = [...one.numFound].sort((a, b) => a - b);
  const zero = sorted.filter((x) => x === 0).length;
  const at = (p: number) => sorted[Math.floor(p * (sorted.length - 1))] ?? 0;
  return `Hits per query: median ${thousands(at(0.5))}, 90th percentile ${thousands(at(0.9))}, most ${thousands(sorted.at(-1) ?? 0)}; ${zero} of ${sorted.length} queries find nothing.`;
}

function engineDetails(r: EngineResult): string {
  const d = r.dataset;
  const sizes = Object.entries(d.sizes)
    .map(([t, s]) => `${t} ${s}`)
    .join(', ');
  const settings = Object.entries(r.settings)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
  return `### ${engineName[r.engine]}, ${thousands(r.n)} records

Measured ${r.date}; machine: ${r.machine}; load average (1 min) ${r.load[0].toFixed(1)} at the start and
${r.load[1].toFixed(1)} at the end. ${d.reused ? `Records loaded earlier (${d.load.at.slice(0, 10)}) and reused` : 'Records loaded in this run'}:
${thousands(d.n)} objects in ${duration(d.load.ms)} (${thousands(d.load.perSecond)} records/s, generating included);
search index built in ${duration(d.index.ms)} (${thousands(d.index.perSecond)} records/s, ${d.indexedNow ? 'this run' : `recorded ${d.index.at.slice(0, 10)}`}).
Sizes with indexes: ${sizes || '–'}.${settings ? ` Settings: ${settings}.` : ''}
${hitsLine(r)}
Database statements per request: ${r.explain.facets.statementsPerRequest} with facets, ${r.explain.plain.statementsPerRequest} without${r.explain.facets.errors + r.explain.plain.errors > 0 ? ` (${r.explain.facets.errors + r.explain.plain.errors} EXPLAIN errors)` : ''}.

Where the database time goes (EXPLAIN ANALYZE, 1 client, all queries of the mix):

${statementTable(r)}

The slowest queries (1 client, with facets, median of the passes):

${slowest(r)}
`;
}

export function renderSearchSection(results: EngineResult[]): string {
  const sorted = [...results].sort((a, b) =>
    a.engine === b.engine ? 0 : a.engine === 'postgres' ? -1 : 1,
  );
  const first = sorted[0];
  return `## Search

\`npm run bench:search -w @geoportal/bench\` (after \`npm run build\`). Records come from a seeded
generator (bench/src/search-generator.ts): German and English titles, abstracts and keywords drawn
with a Zipf law (s = 1) from some 9,500 German noun forms (compounds such as
Grundwassermessstellen, singular and plural), 200 adjective forms and 220 English words; topic
categories, INSPIRE themes, licences and resource types from the seeded classifications; about
1,000 authorities (a long tail of state and city offices); extents mostly in Germany (city,
region and state sized), some in other European countries and a few Europe-wide; 88 % published,
the rest draft, submitted or withdrawn, 4 % of the published ones not public, with read grants
to users, groups and roles. Objects and grants are loaded with multi-row INSERTs, then
\`rebuildSearchIndex\` builds the index (timed) and \`VACUUM ANALYZE\` gathers statistics.
The machine is shared: the load average is given with each run, and for the index build
also the CPU time it used (the benchmark process and, on PostgreSQL, the database's server
processes), whose rate is what an otherwise idle core would reach.

The query mix has ${first?.queries ?? 0} different queries from the same vocabulary: one to three words,
a place name with a word, English words, phrases, prefixes (\`grundw*\`) and \`title:\`/\`keyword:\`/\`abstract:\`
terms, each with a \`bbox\` filter (state, region or city sized, some Germany- or Europe-wide), a
quarter also with a facet filter, 20 rows, as a visitor. Each query is sent with facets (the
default) and with \`facets=false\`. The built server runs as its own process; a client in a second
process sends the whole list ${first?.passes === 1 ? 'once' : `${first?.passes ?? 0} times`} per configuration after one warm-up pass,
with 1 or 8 concurrent keep-alive connections over loopback. The database column is the
database's own time for the same statements the server runs for the request
(\`searchStatements\`, \`EXPLAIN (ANALYZE, FORMAT JSON)\`: planning + execution, summed over the
request's statements, each run once before, in a transaction with the server's search
settings: work_mem 32 MB, no JIT, no parallel workers), measured in the benchmark process
before the server starts; the gap to the API column is the cost of our layers (HTTP,
parsing, validation, mapping to the answer, JSON, driver). \`searchStatements\` runs the
search and names the statements it ran: the page of hits (with the highlighting) and the
tallies (count and facet counts, exact up to ${searchLimits.exactMax.toLocaleString('en')} matches, else from a sample); the
server runs the page and the tallies side by side (on PostgreSQL on separate connections),
so the API time can be below their sum. The settings listed per engine are the database's
defaults, which those transactions override.

| figure | API (HTTP) | database (EXPLAIN ANALYZE) | target | |
|---|---:|---:|---|---|
${sorted.flatMap(figureRows).join('\n')}

All runs (answer times in ms over all requests of the configuration). CPU per request is the
CPU time that the client, the server and the database processes used during the run, divided
by the requests: with c clients kept busy on k cores (c > k), the mean answer time cannot be
below c / k times that.

${httpTable(sorted)}

${sorted.map(engineDetails).join('\n')}`;
}
