import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import type { BoundingBox } from '@geoportal/contract/record';
import { writeBenchmarkSection } from './benchmarks-doc.js';
import { machine, today } from './machine.js';
import { readClassificationCodes } from './search-codes.js';
import { SearchRecordGenerator } from './search-generator.js';
import { type Engine, prepareSearchDatabase, type Target } from './search-load.js';
import { type Percentiles, percentiles } from './search-measure.js';
import { drawQueryBox } from './search-places.js';
import { mulberry32, randomInt } from './search-random.js';
import { loadServerModules } from './search-server.js';
import { startBenchServer } from './server-process.js';

/**
 * `npm run bench:csw -w @geoportal/bench`: what the catalogue service (CSW 2.0.2) adds to
 * the search it is answered by (issue 21). The client QGIS MetaSearch builds on (OWSLib)
 * POSTs a GetRecords with `PropertyIsLike csw:AnyText '%word%'` and a BBOX, 20 records, ISO
 * 19139 output; the same query on `/index/search` is `word*` limited to the same box (the
 * CSW translates `%word%` into that prefix term). Both are sent over loopback by one client
 * to the built server, alternating query by query, on the search benchmark's databases
 * (PGlite 250,000 records, PostgreSQL 1,000,000, shared with `bench:search`).
 *
 * Environment: BENCH_CSW_PGLITE_N (250000), BENCH_CSW_PG_N (1000000; 0 skips an engine),
 * BENCH_SEARCH_PG_URL, BENCH_SEARCH_DIR, BENCH_CSW_QUERIES (100), BENCH_CSW_PASSES (2),
 * BENCH_CSW_PORT (8093).
 */
const env = process.env;
const options = {
  pgliteN: Number(env.BENCH_CSW_PGLITE_N ?? 250_000),
  pgN: Number(env.BENCH_CSW_PG_N ?? 1_000_000),
  pgUrl: env.BENCH_SEARCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/geoportal_bench',
  dir: env.BENCH_SEARCH_DIR ?? path.join(tmpdir(), 'geoportal-search-bench'),
  queries: Number(env.BENCH_CSW_QUERIES ?? 100),
  passes: Number(env.BENCH_CSW_PASSES ?? 2),
  port: Number(env.BENCH_CSW_PORT ?? 8093),
};
const seed = 1;
const rows = 20;

interface Query {
  word: string;
  box: BoundingBox;
}

/** The three requests of one query: CSW, and the search API without and with facets. */
type Side = 'csw' | 'search' | 'searchFacets';
const sides: Side[] = ['csw', 'search', 'searchFacets'];

interface EngineResult {
  engine: Engine;
  n: number;
  load: [number, number];
  latency: Record<Side, Percentiles>;
  errors: number;
  /** Hits per query as the CSW and the search API counted them, when they differ. */
  countMismatches: number;
}

function cswBody(q: Query): string {
  const b = q.box;
  return `<?xml version="1.0" encoding="UTF-8"?>
<csw:GetRecords xmlns:csw="http://www.opengis.net/cat/csw/2.0.2" xmlns:ogc="http://www.opengis.net/ogc" xmlns:gml="http://www.opengis.net/gml" service="CSW" version="2.0.2" resultType="results" startPosition="1" maxRecords="${rows}" outputSchema="http://www.isotc211.org/2005/gmd">
  <csw:Query typeNames="csw:Record">
    <csw:ElementSetName>full</csw:ElementSetName>
    <csw:Constraint version="1.1.0">
      <ogc:Filter>
        <ogc:And>
          <ogc:PropertyIsLike wildCard="%" singleChar="_" escapeChar="\\">
            <ogc:PropertyName>csw:AnyText</ogc:PropertyName>
            <ogc:Literal>%${q.word}%</ogc:Literal>
          </ogc:PropertyIsLike>
          <ogc:BBOX>
            <ogc:PropertyName>ows:BoundingBox</ogc:PropertyName>
            <gml:Envelope srsName="urn:ogc:def:crs:OGC:1.3:CRS84">
              <gml:lowerCorner>${b.west} ${b.south}</gml:lowerCorner>
              <gml:upperCorner>${b.east} ${b.north}</gml:upperCorner>
            </gml:Envelope>
          </ogc:BBOX>
        </ogc:And>
      </ogc:Filter>
    </csw:Constraint>
  </csw:Query>
</csw:GetRecords>`;
}

const searchPath = (q: Query, facets: boolean) => {
  const b = q.box;
  const path = `/api/v1/index/search/objects/${encodeURIComponent(`${q.word.toLowerCase()}*`)}/0/${rows}?fq=${encodeURIComponent(`bbox:${b.west},${b.south},${b.east},${b.north}`)}`;
  return facets ? path : `${path}&facets=false`;
};

/** One request; answers its time in ms and the hits it reported, or undefined on an error. */
async function send(url: string, q: Query, side: Side) {
  const started = performance.now();
  const res =
    side === 'csw'
      ? await fetch(`${url}/csw`, {
          method: 'POST',
          headers: { 'content-type': 'application/xml' },
          body: cswBody(q),
        })
      : await fetch(`${url}${searchPath(q, side === 'searchFacets')}`);
  const text = await res.text();
  const ms = performance.now() - started;
  if (!res.ok) return undefined;
  const hits =
    side === 'csw'
      ? Number(/numberOfRecordsMatched="(\d+)"/.exec(text)?.[1])
      : (JSON.parse(text) as { numFound: number }).numFound;
  return { ms, hits };
}

function queriesFor(generator: SearchRecordGenerator, count: number): Query[] {
  const random = mulberry32(seed + 7);
  const queries: Query[] = [];
  const seen = new Set<string>();
  for (let tries = 0; queries.length < count && tries < count * 50; tries++) {
    // Words as people search them: half common, half from further down the list.
    const nouns = generator.germanNouns;
    const word =
      tries % 2 === 0 ? nouns.draw(random) : (nouns.items[randomInt(random, 20, 800)] as string);
    if (seen.has(word) || !/^\p{L}{3,}$/u.test(word)) continue;
    seen.add(word);
    queries.push({ word, box: drawQueryBox(random) });
  }
  return queries;
}

async function benchEngine(engine: Engine, n: number): Promise<EngineResult> {
  const loadAtStart = loadavg()[0] ?? 0;
  const modules = await loadServerModules();
  const target: Target =
    engine === 'postgres'
      ? { engine, databaseUrl: options.pgUrl, schema: `search_${n}`, dataDir: options.dir }
      : { engine, schema: 'public', dataDir: path.join(options.dir, `pglite-${n}`) };
  const { database } = await prepareSearchDatabase(modules, target, { n, seed });
  let queries: Query[];
  try {
    const codes = await readClassificationCodes({ rows: (text) => modules.raw(database.db, text) });
    queries = queriesFor(new SearchRecordGenerator({ seed, codes }), options.queries);
  } finally {
    // PGlite allows one process at a time: the server opens it next.
    await database.close();
  }
  const server = await startBenchServer(options.port, {
    env: {
      DEMO_DATA: 'false',
      ADMIN_PASSWORD: 'bench-admin-password',
      ...(engine === 'postgres'
        ? { DATABASE_URL: options.pgUrl, DATABASE_SCHEMA: target.schema }
        : {}),
    },
    ...(engine === 'pglite' ? { dataDir: target.dataDir } : {}),
  });
  const times: Record<Side, number[]> = { csw: [], search: [], searchFacets: [] };
  let errors = 0;
  let countMismatches = 0;
  try {
    for (let pass = 0; pass <= options.passes; pass++) {
      const warmUp = pass === 0;
      console.log(`CSW ${engine} ${n}: ${warmUp ? 'warm-up' : `pass ${pass}`}`);
      for (const [i, q] of queries.entries()) {
        // Each side goes first in turn, so neither profits from the other's cache alone.
        const order = sides.map((_, k) => sides[(i + pass + k) % sides.length] as Side);
        const hits: Partial<Record<Side, number>> = {};
        for (const side of order) {
          const result = await send(server.url, q, side);
          if (!result) {
            errors += 1;
            continue;
          }
          hits[side] = result.hits;
          if (!warmUp) times[side].push(result.ms);
        }
        if (!warmUp && hits.csw !== hits.search) countMismatches += 1;
      }
    }
  } finally {
    await server.stop();
  }
  return {
    engine,
    n,
    load: [loadAtStart, loadavg()[0] ?? 0],
    latency: {
      csw: percentiles(times.csw),
      search: percentiles(times.search),
      searchFacets: percentiles(times.searchFacets),
    },
    errors,
    countMismatches,
  };
}

function render(results: EngineResult[]): string {
  const met = (ok: boolean) => (ok ? 'met' : '**missed**');
  const rowsOf = (r: EngineResult) => {
    const ratio50 = r.latency.csw.p50 / Math.max(0.1, r.latency.search.p50);
    const ratio95 = r.latency.csw.p95 / Math.max(0.1, r.latency.search.p95);
    return `| ${r.engine} | ${r.n.toLocaleString('en')} | ${r.latency.csw.p50} / ${r.latency.csw.p95} | ${r.latency.search.p50} / ${r.latency.search.p95} | ${r.latency.searchFacets.p50} / ${r.latency.searchFacets.p95} | ${ratio50.toFixed(2)}× / ${ratio95.toFixed(2)}× | ${met(ratio95 <= 1.5 && ratio50 <= 1.5)} | ${r.errors} | ${r.countMismatches} | ${r.load[0].toFixed(1)} → ${r.load[1].toFixed(1)} |`;
  };
  return `## CSW GetRecords beside the search API

One client POSTs a CSW 2.0.2 GetRecords as OWSLib (QGIS MetaSearch) does: \`PropertyIsLike
csw:AnyText '%word%'\` and a BBOX, ${rows} records, ISO 19139 output (full), and asks
\`/index/search\` for the same query (\`word*\` in the same box, ${rows} rows; without facet
counts, which is what the CSW computes too, and with them, as the web page asks). The three
requests alternate query by query (${options.queries} words from the search benchmark's
vocabulary, each in a box drawn as the search benchmark draws them; one warm-up pass, then
${options.passes} measured passes) over loopback to the built server. Times in ms, p50 / p95.
The overhead is the CSW's time over the search API's without facets: parsing the request,
translating the filter and writing 20 ISO 19139 documents. Target: ≤ 1.5×. The hit counts of
the CSW and the search API are compared for every query ("count mismatches": target 0).
Machine: ${machine()}. Measured ${today()}.

| engine | records | CSW GetRecords | /index/search | /index/search with facets | CSW ÷ search (p50 / p95) | ≤ 1.5× | errors | count mismatches | load (1 min) |
|---|---:|---:|---:|---:|---:|---|---:|---:|---|
${results.map(rowsOf).join('\n')}
`;
}

await mkdir(options.dir, { recursive: true });
const resultsFile = path.join(options.dir, 'csw-results.json');
/** The latest result per engine, so that one engine can be measured again alone. */
const stored: Partial<Record<Engine, EngineResult>> = JSON.parse(
  await readFile(resultsFile, 'utf8').catch(() => '{}'),
);
for (const [engine, n] of [
  ['pglite', options.pgliteN],
  ['postgres', options.pgN],
] as const) {
  if (n <= 0) continue;
  const result = await benchEngine(engine, n);
  console.log(JSON.stringify(result));
  stored[engine] = result;
  await writeFile(resultsFile, JSON.stringify(stored, null, 1));
}
await writeBenchmarkSection('CSW GetRecords beside the search API', render(Object.values(stored)));
