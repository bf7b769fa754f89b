import http from 'node:http';
import { cpuUsedBetween } from './search-load.js';
import type { SearchQuery } from './search-queries.js';
import { type Db, type ServerModules, visitor } from './search-server.js';

/**
 * The two sides of every search figure: the API's answer time over loopback (our own small
 * client loop: `clients` workers with keep-alive connections take the next request of the
 * list until it is done) and the database's own time for the very same SQL statements
 * (`EXPLAIN (ANALYZE, FORMAT JSON)`, planning + execution, summed over the statements of
 * one request). The difference is what our layers cost: HTTP, parsing, validation,
 * mapping, JSON and the driver.
 */

export interface Percentiles {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  mean: number;
  max: number;
}

/** Nearest-rank percentiles in ms, rounded to 0.1 ms. */
export function percentiles(values: readonly number[]): Percentiles {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? 0;
  const r = (x: number) => Math.round(x * 10) / 10;
  const sum = sorted.reduce((a, b) => a + b, 0);
  return {
    n: sorted.length,
    p50: r(at(0.5)),
    p95: r(at(0.95)),
    p99: r(at(0.99)),
    mean: r(sum / Math.max(1, sorted.length)),
    max: r(sorted.at(-1) ?? 0),
  };
}

export type Variant = 'facets' | 'plain';
export const pathOf = (q: SearchQuery, variant: Variant) =>
  variant === 'facets' ? q.facets : q.withoutFacets;

export interface HttpRun {
  clients: number;
  variant: Variant;
  latency: Percentiles;
  /** Answer time per query (median over the passes), in the order of the query list. */
  perQuery: number[];
  requests: number;
  errors: number;
  requestsPerSecond: number;
  /**
   * CPU time per request of every process involved (this client, the server and, on
   * PostgreSQL, the database's processes); what the machine's cores must supply per answer.
   */
  cpuMsPerRequest?: number;
  /** Hits (`numFound`) per query. */
  numFound: number[];
}

function get(
  agent: http.Agent,
  url: string,
): Promise<{ ms: number; status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    http
      .get(url, { agent }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.once('error', reject);
        response.once('end', () =>
          resolve({
            ms: performance.now() - started,
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      })
      .once('error', reject);
  });
}

/**
 * Sends every query `passes` times (the list in order, pass after pass) with `clients`
 * concurrent workers and answers the latencies. A non-200 answer counts as an error and
 * its first occurrence is printed. `cpuSeconds` (CPU used so far by the processes involved,
 * `cpuByProcess`) gives the CPU time per request.
 */
export async function measureHttp(
  baseUrl: string,
  queries: readonly SearchQuery[],
  variant: Variant,
  clients: number,
  passes: number,
  cpuSeconds?: () => Map<string, number>,
): Promise<HttpRun> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  const jobs = Array.from({ length: passes }, () => queries.map((_, i) => i)).flat();
  const times: number[][] = queries.map(() => []);
  const numFound: number[] = queries.map(() => 0);
  let next = 0;
  let errors = 0;
  const cpuBefore = cpuSeconds?.();
  const started = performance.now();
  const worker = async () => {
    for (let job = next++; job < jobs.length; job = next++) {
      const index = jobs[job] as number;
      const query = queries[index] as SearchQuery;
      const answer = await get(agent, `${baseUrl}/api/v1${pathOf(query, variant)}`);
      if (answer.status !== 200) {
        if (errors === 0)
          console.error(`${pathOf(query, variant)}: ${answer.status} ${answer.body.slice(0, 300)}`);
        errors += 1;
        continue;
      }
      times[index]?.push(answer.ms);
      numFound[index] = (JSON.parse(answer.body) as { numFound: number }).numFound;
    }
  };
  await Promise.all(Array.from({ length: clients }, worker));
  const wall = performance.now() - started;
  const cpuMs =
    cpuBefore === undefined || !cpuSeconds
      ? undefined
      : cpuUsedBetween(cpuBefore, cpuSeconds()) * 1000;
  agent.destroy();
  return {
    clients,
    variant,
    latency: percentiles(times.flat()),
    perQuery: times.map((t) => percentiles(t).p50),
    requests: jobs.length,
    errors,
    requestsPerSecond: Math.round((jobs.length / wall) * 1000),
    ...(cpuMs === undefined
      ? {}
      : { cpuMsPerRequest: Math.round((cpuMs / jobs.length) * 10) / 10 }),
    numFound,
  };
}

/** One statement's share of the database time over the whole mix. */
export interface StatementTime {
  /** The statement's start, shortened, e.g. `select count(*) from search_document …`. */
  label: string;
  /** Position among the request's statements where it first appeared (0-based). */
  position: number;
  /** How many times it ran over the mix. */
  runs: number;
  time: Percentiles;
  /** Share of the summed database time of all queries. */
  share: number;
}

export interface ExplainRun {
  variant: Variant;
  /** Database time per query: planning + execution summed over its statements. */
  total: Percentiles;
  perQuery: number[];
  statements: StatementTime[];
  /** Statements per request (most common). */
  statementsPerRequest: number;
  errors: number;
}

const shorten = (sql: string) => {
  const flat = sql.replace(/\s+/g, ' ').trim();
  return flat.length > 90 ? `${flat.slice(0, 90)}…` : flat;
};

interface PlanRoot {
  'Planning Time'?: number;
  'Execution Time'?: number;
}

/**
 * EXPLAIN ANALYZE of the statements the server runs for each query (as a visitor). Each
 * request's statements run once plainly first, so the caches are as warm as for the API.
 */
export async function explainQueries(
  server: ServerModules,
  db: Db,
  queries: readonly SearchQuery[],
  variant: Variant,
): Promise<ExplainRun> {
  const perQuery: number[] = [];
  // Statements are grouped by their start: requests differ in their statements (a text query
  // adds highlighting, a facet filter its own facet count), but each kind starts alike.
  const byKind = new Map<string, { label: string; position: number; times: number[] }>();
  const counts = new Map<number, number>();
  let errors = 0;
  for (const query of queries) {
    try {
      const statements = await server.searchStatements(db, pathOf(query, variant), visitor);
      counts.set(statements.length, (counts.get(statements.length) ?? 0) + 1);
      let total = 0;
      for (const [position, statement] of statements.entries()) {
        // With the settings the server searches with (no JIT, exact bitmaps, …).
        const rows = await server.withSearchSettings(db, 600_000, async (trx) => {
          await server.raw(trx, statement.sql, statement.parameters);
          return server.raw(
            trx,
            `explain (analyze, format json) ${statement.sql}`,
            statement.parameters,
          );
        });
        const cell = Object.values(rows[0] ?? {})[0];
        const plan = (typeof cell === 'string' ? JSON.parse(cell) : cell) as PlanRoot[];
        const ms = (plan[0]?.['Planning Time'] ?? 0) + (plan[0]?.['Execution Time'] ?? 0);
        total += ms;
        const kind = statement.sql.replace(/\s+/g, ' ').trim().slice(0, 60);
        const entry = byKind.get(kind) ?? { label: shorten(statement.sql), position, times: [] };
        entry.times.push(ms);
        byKind.set(kind, entry);
      }
      perQuery.push(total);
    } catch (error) {
      if (errors === 0) console.error(`EXPLAIN ${pathOf(query, variant)}:`, error);
      errors += 1;
      perQuery.push(Number.NaN);
    }
  }
  const sum = [...byKind.values()].reduce((a, s) => a + s.times.reduce((x, y) => x + y, 0), 0);
  return {
    variant,
    total: percentiles(perQuery.filter((t) => !Number.isNaN(t))),
    perQuery,
    statements: [...byKind.values()].map((s) => ({
      label: s.label,
      position: s.position,
      runs: s.times.length,
      time: percentiles(s.times),
      share: s.times.reduce((x, y) => x + y, 0) / Math.max(sum, 1e-9),
    })),
    statementsPerRequest: [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0,
    errors,
  };
}
