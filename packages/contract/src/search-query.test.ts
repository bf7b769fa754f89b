import { describe, expect, it } from 'vitest';
import { parseBox, parseFilterQuery, parseQuery, parseSort } from './search-query.js';

const value = <T>(parsed: { ok: true; value: T } | { ok: false }) => {
  if (!parsed.ok) throw new Error(JSON.stringify(parsed));
  return parsed.value;
};
const problem = (parsed: { ok: boolean; problem?: { message: string; position?: number } }) => {
  if (parsed.ok) throw new Error('expected a problem');
  return parsed.problem as { message: string; position?: number };
};

describe('parseQuery', () => {
  it('reads words, phrases, prefixes and everything', () => {
    expect(value(parseQuery(''))).toEqual({ kind: 'all' });
    expect(value(parseQuery('*'))).toEqual({ kind: 'all' });
    expect(value(parseQuery('Grundwasser'))).toEqual({
      kind: 'term',
      text: 'Grundwasser',
      prefix: false,
    });
    expect(value(parseQuery('grund*'))).toEqual({ kind: 'term', text: 'grund', prefix: true });
    expect(value(parseQuery('"soil map"'))).toEqual({ kind: 'phrase', text: 'soil map' });
    expect(value(parseQuery('Baden-Württemberg'))).toEqual({
      kind: 'term',
      text: 'Baden-Württemberg',
      prefix: false,
    });
  });

  it('joins adjacent terms with AND and binds AND before OR', () => {
    expect(value(parseQuery('a b OR c'))).toEqual({
      kind: 'or',
      children: [
        {
          kind: 'and',
          children: [
            { kind: 'term', text: 'a', prefix: false },
            { kind: 'term', text: 'b', prefix: false },
          ],
        },
        { kind: 'term', text: 'c', prefix: false },
      ],
    });
    expect(value(parseQuery('a AND (b OR c)'))).toMatchObject({
      kind: 'and',
      children: [{ kind: 'term' }, { kind: 'or' }],
    });
  });

  it('reads NOT, the minus and fields', () => {
    expect(value(parseQuery('NOT a'))).toEqual({
      kind: 'not',
      child: { kind: 'term', text: 'a', prefix: false },
    });
    expect(value(parseQuery('-a'))).toEqual({
      kind: 'not',
      child: { kind: 'term', text: 'a', prefix: false },
    });
    expect(value(parseQuery('title:Boden'))).toEqual({
      kind: 'term',
      text: 'Boden',
      prefix: false,
      field: 'title',
    });
    expect(value(parseQuery('type:dataset'))).toEqual({
      kind: 'filter',
      filter: { field: 'type', kind: 'values', values: ['dataset'] },
    });
    expect(value(parseQuery('year:[2010 TO *]'))).toEqual({
      kind: 'filter',
      filter: { field: 'year', kind: 'range', range: { from: '2010' } },
    });
    expect(value(parseQuery('modified:[2024-02 TO 2024-02]'))).toEqual({
      kind: 'filter',
      filter: { field: 'modified', kind: 'range', range: { from: '2024-02-01', to: '2024-02-29' } },
    });
  });

  it('says what to fix, and where', () => {
    expect(problem(parseQuery('"open'))).toMatchObject({ position: 0 });
    expect(problem(parseQuery('(a OR b')).message).toContain('not closed');
    expect(problem(parseQuery('a)')).message).toContain('no opening');
    expect(problem(parseQuery('a OR')).message).toContain('OR');
    expect(problem(parseQuery('EPSG:25832')).message).toContain('quotation marks');
    expect(problem(parseQuery('g*')).message).toContain('two letters');
    expect(problem(parseQuery('a*b')).message).toContain('end a word');
    expect(problem(parseQuery('year:[2020 TO 2010]')).message).toContain('Swap');
    expect(problem(parseQuery('modified:[2024-13 TO *]')).message).toContain('not a date');
    expect(problem(parseQuery('x'.repeat(501))).message).toContain('500');
    expect(problem(parseQuery(`${'('.repeat(9)}a${')'.repeat(9)}`)).message).toContain('nested');
    expect(
      problem(parseQuery(Array.from({ length: 33 }, (_, i) => `w${i}`).join(' '))).message,
    ).toContain('32');
  });
});

describe('parseFilterQuery', () => {
  it('reads every form', () => {
    expect(value(parseFilterQuery('licence:cc-by-4.0'))).toEqual({
      filter: { field: 'licence', kind: 'values', values: ['cc-by-4.0'] },
      negated: false,
    });
    expect(value(parseFilterQuery('organisation:"Landesamt für Umwelt"')).filter).toEqual({
      field: 'organisation',
      kind: 'values',
      values: ['Landesamt für Umwelt'],
    });
    expect(value(parseFilterQuery('keyword:(Boden OR "Boden Karte")')).filter).toMatchObject({
      values: ['Boden', 'Boden Karte'],
    });
    expect(value(parseFilterQuery('-type:service')).negated).toBe(true);
    expect(value(parseFilterQuery('bbox:5.9,47.3,15.0,55.1')).filter).toEqual({
      field: 'bbox',
      kind: 'bbox',
      box: { west: 5.9, south: 47.3, east: 15, north: 55.1 },
    });
    expect(value(parseFilterQuery('temporal:[2000 TO 2010-06-30]')).filter).toEqual({
      field: 'temporal',
      kind: 'range',
      range: { from: '2000-01-01', to: '2010-06-30' },
    });
  });

  it('refuses unknown fields, bad boxes and stray values', () => {
    expect(problem(parseFilterQuery('colour:red')).message).toContain('Filter fields');
    expect(problem(parseFilterQuery('bbox:1,2,3')).message).toContain('four numbers');
    expect(problem(parseFilterQuery('bbox:0,60,10,50')).message).toContain('Swap');
    expect(problem(parseFilterQuery('bbox:0,0,200,10')).message).toContain('-180');
    expect(problem(parseFilterQuery('keyword:a b')).message).toContain('OR');
    expect(problem(parseFilterQuery('type:[a TO b]')).message).toContain('not a range');
    expect(problem(parseFilterQuery('year:21')).message).toContain('four digits');
    expect(problem(parseFilterQuery('created:2021')).message).toContain('range');
  });

  it('reads boxes across the antimeridian', () => {
    expect(value(parseBox('170,-20,-170,-10'))).toEqual({
      west: 170,
      south: -20,
      east: -170,
      north: -10,
    });
  });
});

describe('parseSort', () => {
  it('reads a field with an optional direction', () => {
    expect(value(parseSort('modified desc'))).toEqual({ field: 'modified', direction: 'desc' });
    expect(value(parseSort('title'))).toEqual({ field: 'title', direction: 'asc' });
    expect(problem(parseSort('size desc')).message).toContain('not a sort order');
    expect(problem(parseSort('title up')).message).toContain('asc or desc');
  });
});
