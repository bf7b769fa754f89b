import { loadavg } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { machine } from './machine.js';
import { prepareSearchDatabase } from './search-load.js';
import {
  explainQueries,
  type Percentiles,
  pathOf,
  percentiles,
  type Variant,
} from './search-measure.js';
import { queryMixOf, type SearchQuery } from './search-queries.js';
import { type Db, loadServerModules, type ServerModules, visitor } from './search-server.js';

/**
 * `npm run bench:search-compare -w @geoportal/bench`: two builds of the server side by side on
 * one PostgreSQL database, in one run: the database time of every query of the search mix
 * (EXPLAIN ANALYZE of the statements each build runs, as bench:search measures it), the
 * builds taking turns pass by pass, and the median per query compared, grouped by how many
 * records the query finds. For a change to the search statements: copy packages/server/dist
 * built before the change to a folder inside packages/server (so that it finds the same
 * dependencies), e.g. `mkdir packages/server/before && cp -r packages/server/dist
 * packages/server/before/` (git ignores every `dist/`), then build the change and run this
 * with BENCH_COMPARE_DIST=packages/server/before/dist.
 *
 * Environment: BENCH_COMPARE_DIST (the other build, required), BENCH_SEARCH_PG_N (20,000),
 * BENCH_SEARCH_PG_URL, BENCH_SEARCH_QUERIES (120), BENCH_SEARCH_PASSES (3),
 * BENCH_SEARCH_SEED (1), BENCH_COMPARE_WORDS (words searched without a box as well,
 * comma-separated; "Hochwasser,Boden,Wasser").
 */
const env = process.env;
const options = {
  before: env.BENCH_COMPARE_DIST,
  n: Number(env.BENCH_SEARCH_PG_N ?? 20_000),
  pgUrl: env.BENCH_SEARCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/geoportal_bench',
  queries: Number(env.BENCH_SEARCH_QUERIES ?? 120),
  passes: Number(env.BENCH_SEARCH_PASSES ?? 3),
  seed: Number(env.BENCH_SEARCH_SEED ?? 1),
  words: (env.BENCH_COMPARE_WORDS ?? 'Hochwasser,Boden,Wasser').split(',').filter(Boolean),
};

/** `numFound` of a list search given as its API path, as the server answers it. */
type CountMatches = (pathAndQuery: string) => Promise<number>;

async function matchCounter(db: Db): Promise<CountMatches> {
  const dist = new URL('../../packages/server/dist/', import.meta.url);
  const { search } = (await import(new URL('modules/search/search.service.js', dist).href)) as {
    search(
      target: { db: Db; timeoutMs: number },
      request: unknown,
      viewer: typeof visitor,
    ): Promise<{ numFound: number }>;
  };
  const { parseSearch } = (await import(new URL('modules/search/search-params.js', dist).href)) as {
    parseSearch(params: Record<string, unknown>): unknown;
  };
  return async (pathAndQuery) => {
    const url = new URL(pathAndQuery, 'http://localhost');
    const [, , , , q, start, rows] = url.pathname.split('/');
    const request = parseSearch({
      q: decodeURIComponent(q ?? '*'),
      start,
      rows,
      fq: url.searchParams.getAll('fq'),
      facets: url.searchParams.get('facets') ?? undefined,
    });
    return (await search({ db, timeoutMs: 600_000 }, request, visitor)).numFound;
  };
}

/** The words alone, without a box or a facet: the searches of the defect report. */
const plainWordQueries = (words: readonly string[]): SearchQuery[] =>
  words.map((word) => {
    const facets = `/index/search/objects/${encodeURIComponent(word)}/0/20`;
    return { text: word, facets, withoutFacets: `${facets}?facets=false` };
  });

const groups = [
  { label: 'up to 500 matches', test: (n: number) => n <= 500 },
  { label: '501–2,500 matches', test: (n: number) => n > 500 && n <= 2_500 },
  { label: 'more than 2,500', test: (n: number) => n > 2_500 },
] as const;

const row = (label: string, count: number, before: Percentiles, after: Percentiles) =>
  `| ${label} | ${count} | ${before.p50} / ${before.p95} / ${before.mean} | ${after.p50} / ${after.p95} / ${after.mean} |`;

async function compare(
  builds: { before: ServerModules; after: ServerModules },
  db: Db,
  queries: SearchQuery[],
  variant: Variant,
  found: number[],
): Promise<string[]> {
  const times = {
    before: queries.map(() => [] as number[]),
    after: queries.map(() => [] as number[]),
  };
  for (let pass = 0; pass < options.passes; pass++) {
    // The builds take turns, each first in every other pass.
    const order = pass % 2 === 0 ? (['before', 'after'] as const) : (['after', 'before'] as const);
    for (const build of order) {
      const run = await explainQueries(builds[build], db, queries, variant);
      run.perQuery.forEach((ms, i) => {
        times[build][i]?.push(ms);
      });
      console.log(
        `pass ${pass + 1}, ${build}, ${variant}: p50 ${run.total.p50} ms, errors ${run.errors}`,
      );
    }
  }
  const median = (build: 'before' | 'after') => times[build].map((t) => percentiles(t).p50);
  const before = median('before');
  const after = median('after');
  const lines = [
    `Database time per query, ${variant === 'facets' ? 'with facets' : 'without facets'} (ms, p50 / p95 / mean of the per-query medians over ${options.passes} passes):`,
    '',
    '| Queries | n | before | after |',
    '|---|---|---|---|',
    row('all', queries.length, percentiles(before), percentiles(after)),
  ];
  for (const group of groups) {
    const at = found.flatMap((n, i) => (group.test(n) ? [i] : []));
    if (at.length === 0) continue;
    const pick = (list: number[]) => at.map((i) => list[i] as number);
    lines.push(row(group.label, at.length, percentiles(pick(before)), percentiles(pick(after))));
  }
  lines.push('', 'The slowest five after:', '');
  const slowest = queries.map((_, i) => i).sort((a, b) => (after[b] ?? 0) - (after[a] ?? 0));
  for (const i of slowest.slice(0, 5)) {
    lines.push(
      `- ${pathOf(queries[i] as SearchQuery, variant)} (${found[i]} matches): ${before[i]} → ${after[i]} ms`,
    );
  }
  lines.push('', 'The words alone:', '');
  queries.forEach((q, i) => {
    if (i >= queries.length - options.words.length) {
      lines.push(`- ${q.text} (${found[i]} matches): ${before[i]} → ${after[i]} ms`);
    }
  });
  return lines;
}

if (!options.before) throw new Error('BENCH_COMPARE_DIST: the folder of the other build');
const after = await loadServerModules();
const before = await loadServerModules(pathToFileURL(`${path.resolve(options.before)}${path.sep}`));
const { database, result } = await prepareSearchDatabase(
  after,
  {
    engine: 'postgres',
    databaseUrl: options.pgUrl,
    schema: `search_${options.n}`,
    dataDir: '',
  },
  { n: options.n, seed: options.seed, reindex: false },
);
try {
  const queries = [
    ...(await queryMixOf(
      { rows: (text) => after.raw(database.db, text) },
      { seed: options.seed, count: options.queries },
    )),
    ...plainWordQueries(options.words),
  ];
  const count = await matchCounter(database.db);
  const found: number[] = [];
  for (const q of queries) found.push(await count(q.withoutFacets));
  const load = loadavg()[0]?.toFixed(2);
  const report = [
    `PostgreSQL, ${result.n} records, ${machine()}, load ${load} at the start.`,
    '',
    ...(await compare({ before, after }, database.db, queries, 'facets', found)),
    '',
    ...(await compare({ before, after }, database.db, queries, 'plain', found)),
  ];
  console.log(`\n${report.join('\n')}`);
} finally {
  await database.close();
}
