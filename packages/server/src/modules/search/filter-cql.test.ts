import { describe, expect, it } from 'vitest';
import { readCql } from './filter-cql.js';
import { FilterInvalidError } from './filter-expr.js';

/**
 * The text filter parser alone: CQL2 text as OGC API Records sends it beside CSW's CQL. The
 * translation into the search and the answers are tested through the endpoints
 * (`ogcapi.routes.test.ts`, `csw.queryables.test.ts`).
 */

const box = { west: 5, south: 47, east: 16, north: 56 };

describe('CQL and CQL2 text', () => {
  it('reads the spatial functions of CQL2 with BBOX and POINT literals', () => {
    expect(readCql('S_INTERSECTS(geometry, BBOX(5, 47, 16, 56))')).toEqual({
      kind: 'spatial',
      op: 'intersects',
      property: 'geometry',
      box,
    });
    expect(readCql('s_within(geometry, POINT(7 50))')).toEqual({
      kind: 'spatial',
      op: 'within',
      property: 'geometry',
      box: { west: 7, south: 50, east: 7, north: 50 },
    });
  });

  it('reads a geometry before the property with the relation turned round', () => {
    // The box within the record's geometry is the record's geometry containing the box.
    expect(readCql('S_WITHIN(BBOX(5, 47, 16, 56), geometry)')).toMatchObject({
      op: 'contains',
      box,
    });
    expect(readCql('S_CONTAINS(BBOX(5, 47, 16, 56), geometry)')).toMatchObject({ op: 'within' });
    expect(readCql('S_INTERSECTS(BBOX(5, 47, 16, 56), geometry)')).toMatchObject({
      op: 'intersects',
    });
  });

  it('reads IN lists, NOT BETWEEN, temporal literals and quoted property names', () => {
    expect(readCql("type IN ('dataset', 'series')")).toEqual({
      kind: 'or',
      children: [
        { kind: 'compare', op: 'EqualTo', property: 'type', value: 'dataset' },
        { kind: 'compare', op: 'EqualTo', property: 'type', value: 'series' },
      ],
    });
    expect(readCql("type NOT IN ('service')")).toEqual({
      kind: 'not',
      child: { kind: 'compare', op: 'EqualTo', property: 'type', value: 'service' },
    });
    expect(
      readCql("updated NOT BETWEEN DATE('2020-01-01') AND TIMESTAMP('2021-01-01T00:00:00Z')"),
    ).toEqual({
      kind: 'not',
      child: {
        kind: 'between',
        property: 'updated',
        lower: '2020-01-01',
        upper: '2021-01-01T00:00:00Z',
      },
    });
    // A quoted name is a property even when it is spelt as a keyword.
    expect(readCql('"AND" = \'x\'')).toEqual({
      kind: 'compare',
      op: 'EqualTo',
      property: 'AND',
      value: 'x',
    });
  });

  it('still reads the CQL of CSW', () => {
    expect(readCql('BBOX(BoundingBox, 5, 47, 16, 56)')).toMatchObject({ op: 'bbox', box });
    expect(readCql('WITHIN(BoundingBox, ENVELOPE(5, 16, 56, 47))')).toMatchObject({
      op: 'within',
      box,
    });
  });

  it.each([
    ['type IN ()', 'a value'],
    ['S_OVERLAPS(geometry, BBOX(1, 2, 3, 4))', 'S_OVERLAPS is not supported'],
    ['S_INTERSECTS(geometry, LINESTRING(1 2, 3 4))', 'BBOX(…), ENVELOPE(…), POINT(…)'],
    ['updated = DATE(2020)', 'a date in quotes'],
    ['S_INTERSECTS(geometry, BBOX(1, 95, 3, 96))', 'within -180..180'],
    [`type IN (${Array.from({ length: 51 }, (_, i) => `'t${i}'`).join(', ')})`, 'more than 50'],
  ])('refuses %s', (text, message) => {
    expect(() => readCql(text)).toThrow(FilterInvalidError);
    expect(() => readCql(text)).toThrow(message);
  });
});
