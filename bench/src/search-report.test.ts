import { describe, expect, it } from 'vitest';
import type { ExplainRun, HttpRun } from './search-measure.js';
import { percentiles } from './search-measure.js';
import { type EngineResult, renderSearchSection } from './search-report.js';

describe('percentiles', () => {
  it('takes the nearest rank', () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentiles(values)).toMatchObject({ n: 100, p50: 50, p95: 95, p99: 99, max: 100 });
    expect(percentiles([7])).toMatchObject({ p50: 7, p95: 7, p99: 7 });
  });
});

const http = (clients: number, variant: 'facets' | 'plain', p50: number, p95: number): HttpRun => ({
  clients,
  variant,
  latency: { n: 480, p50, p95, p99: p95 + 10, mean: p50, max: p95 + 20 },
  perQuery: [p50, p50, p95],
  requests: 480,
  errors: 0,
  requestsPerSecond: 40,
  numFound: [0, 12, 3400],
});

const explain = (variant: 'facets' | 'plain', p50: number): ExplainRun => ({
  variant,
  total: { n: 3, p50, p95: p50 * 3, p99: p50 * 3, mean: p50, max: p50 * 3 },
  perQuery: [p50, p50, p50 * 3],
  statements: [
    {
      label: 'select value, n from (select f as value, count(*) …',
      position: 1,
      runs: 3,
      time: { n: 3, p50, p95: p50, p99: p50, mean: p50, max: p50 },
      share: 1,
    },
  ],
  statementsPerRequest: variant === 'facets' ? 2 : 1,
  errors: 0,
});

function result(engine: 'postgres' | 'pglite', n: number, p95: number): EngineResult {
  return {
    engine,
    n,
    date: '2026-11-21',
    machine: '2 × CPU',
    load: [1, 1],
    dataset: {
      engine,
      n,
      reused: false,
      load: { ms: 60_000, perSecond: n / 60, at: '2026-11-21T10:00:00Z' },
      index: { indexed: n, ms: 120_000, perSecond: n / 120, at: '2026-11-21T10:05:00Z' },
      indexedNow: true,
      sizes: { object: '1 GB' },
    },
    queries: 3,
    passes: 2,
    http: [http(1, 'facets', 20, p95), http(1, 'plain', 15, 60), http(8, 'facets', 25, 90)],
    explain: { facets: explain('facets', 5), plain: explain('plain', 4) },
    texts: ['Grundwasser', 'boden*', '"geologische Karte"'],
    settings: {},
  };
}

describe('search section', () => {
  it('judges the figures at the issue sizes and names the dominant statement', () => {
    const section = renderSearchSection([
      result('postgres', 1_000_000, 80),
      result('pglite', 250_000, 200),
    ]);
    expect(section).toMatch(/^## Search/);
    expect(section).toContain(
      '| PostgreSQL, 1,000,000 records: text + bbox + facets, 1 client, p50 | 20 ms | 5 ms | ≤ 30 ms | met |',
    );
    expect(section).toContain(
      '| PGlite, 250,000 records: text + bbox + facets, 1 client, p95 | 200 ms | 15 ms | ≤ 150 ms | **missed** |',
    );
    // 80 ms with facets against 60 ms without: +33 %.
    expect(section).toMatch(
      /facets add, p95 with vs\. without .* \| \+33 % \| \+25 % \| ≤ \+50 % \| met \|/,
    );
    expect(section).toContain('select value, n from (select f as value');
  });

  it('does not judge smaller runs against the targets', () => {
    const section = renderSearchSection([result('postgres', 20_000, 500)]);
    expect(section).toContain('not judged (N < 1,000,000)');
    expect(section).not.toMatch(/≤ (30|100) ms \| \*\*missed\*\*/);
  });
});
