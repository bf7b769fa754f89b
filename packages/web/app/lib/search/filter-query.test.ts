import { parseFilterQuery } from '@geoportal/contract/search-query';
import { describe, expect, it } from 'vitest';
import { facetFilter, parseFacetValues, quoteValue } from './filter-query';

describe('quoteValue', () => {
  it('leaves one plain word bare', () => {
    expect(quoteValue('dataset')).toBe('dataset');
    expect(quoteValue('Grundwasser')).toBe('Grundwasser');
    expect(quoteValue('2024')).toBe('2024');
    expect(quoteValue('CC-BY-4.0')).toBe('CC-BY-4.0');
    expect(quoteValue('Bodenübersichtskarte')).toBe('Bodenübersichtskarte');
  });

  it('quotes values with spaces, operators, signs, wildcards and colons', () => {
    expect(quoteValue('Digitales Geländemodell')).toBe('"Digitales Geländemodell"');
    expect(quoteValue('OR')).toBe('"OR"');
    expect(quoteValue('-draft')).toBe('"-draft"');
    expect(quoteValue('Boden*')).toBe('"Boden*"');
    expect(quoteValue('a:b')).toBe('"a:b"');
    expect(quoteValue('(x)')).toBe('"(x)"');
    expect(quoteValue('')).toBe('""');
  });

  it('leaves out double quotes, which the query language cannot escape', () => {
    expect(quoteValue('Karte "Nord"')).toBe('"Karte Nord"');
    expect(quoteValue('a\\b')).toBe('"a\\b"');
  });
});

describe('facetFilter', () => {
  it('writes one value as field:value and several as one OR list', () => {
    expect(facetFilter('type', ['dataset'])).toBe('type:dataset');
    expect(facetFilter('keyword', ['Boden', 'Digitales Geländemodell'])).toBe(
      'keyword:(Boden OR "Digitales Geländemodell")',
    );
    expect(facetFilter('year', [])).toBeUndefined();
  });
});

describe('parseFacetValues', () => {
  it('reads back what facetFilter writes, whatever the values hold', () => {
    const samples = [
      ['dataset'],
      ['Digitales Geländemodell'],
      ['Karte Nord', 'a\\b', 'OR', 'x', 'EPSG:25832'],
      ['Boden', 'Wasser', 'Luft (rein)'],
    ];
    for (const values of samples) {
      const filter = facetFilter('keyword', values) as string;
      expect(parseFacetValues(filter.slice('keyword:'.length))).toEqual(values);
    }
  });

  it('refuses what is not a plain value list (ranges, AND, open quotes, wildcards)', () => {
    expect(parseFacetValues('[2000 TO 2010]')).toBeUndefined();
    expect(parseFacetValues('(a AND b)')).toBeUndefined();
    expect(parseFacetValues('(a OR)')).toBeUndefined();
    expect(parseFacetValues('"open')).toBeUndefined();
    expect(parseFacetValues('Bod*')).toBeUndefined();
    expect(parseFacetValues('a b')).toBeUndefined();
    expect(parseFacetValues('()')).toBeUndefined();
  });
});

describe('the server reads what the page writes', () => {
  it('parses every facet filter to the same values (contract search-query.ts)', () => {
    const samples = [
      ['dataset'],
      ['Digitales Geländemodell', 'Boden'],
      ['EPSG:25832', 'CC-BY-4.0', 'Luft (rein)', 'x-y', 'Bod*', 'OR'],
    ];
    for (const values of samples) {
      const parsed = parseFilterQuery(facetFilter('keyword', values) as string);
      expect(parsed).toMatchObject({
        ok: true,
        value: { filter: { kind: 'values', values }, negated: false },
      });
    }
  });
});
