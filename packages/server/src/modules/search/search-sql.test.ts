import type { QueryNode } from '@geoportal/contract/search-query';
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import { queryCondition } from './search-sql.js';

// Compiling only: the SQL text shows which tests the planner may answer from an index.
const compiler = new Kysely<Record<string, never>>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

const textOf = (node: QueryNode) => {
  const condition = queryCondition(node);
  if (!condition) throw new Error('no condition');
  return sql`select 1 from search_document d where ${condition}`.compile(compiler).sql;
};

const words: QueryNode = { kind: 'term', text: 'wasser', prefix: true };
const box: QueryNode = {
  kind: 'filter',
  filter: { field: 'bbox', kind: 'bbox', box: { west: 7, south: 49, east: 11, north: 52 } },
};
/** The box's overlap test, hidden from the planner's index matching. */
const hiddenBox = /\(\(d\.extent && box\(.*\) or d\.extent2 && box\(.*\)\) is true\)/;

describe('query conditions and index use', () => {
  it('tests a box beside words on the rows the full-text index found', () => {
    // A CSW filter `AnyText LIKE '%wasser%' AND BBOX` is one tree with both.
    expect(textOf({ kind: 'and', children: [words, box] })).toMatch(hiddenBox);
    expect(textOf({ kind: 'and', children: [box, words] })).toMatch(hiddenBox);
  });

  it('lets a box alone, or one of alternatives, use its own index', () => {
    expect(textOf(box)).not.toContain('is true');
    expect(textOf({ kind: 'or', children: [words, box] })).not.toContain('is true');
    expect(
      textOf({ kind: 'and', children: [box, { kind: 'or', children: [words, box] }] }),
    ).toMatch(hiddenBox);
  });
});
