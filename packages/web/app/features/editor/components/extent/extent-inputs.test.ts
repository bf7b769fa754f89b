import { BoundingBox } from '@geoportal/contract/record';
import { findRegion, regions } from '@geoportal/contract/regions';
import { describe, expect, it } from 'vitest';
import { inputsOf, parseInputs, regionGroups } from './extent-inputs';

describe('parseInputs', () => {
  it('answers the box when all four numbers are valid', () => {
    expect(parseInputs({ west: 5.9, east: 15, south: 47.3, north: 55 }, BoundingBox)).toEqual({
      box: { west: 5.9, south: 47.3, east: 15, north: 55 },
      empty: false,
      issues: {},
    });
  });

  it('accepts west > east (across the antimeridian)', () => {
    expect(parseInputs({ west: 177, east: -178, south: -19, north: -16 }, BoundingBox).box).toEqual(
      {
        west: 177,
        south: -19,
        east: -178,
        north: -16,
      },
    );
  });

  it('reports all four empty as no extent', () => {
    expect(parseInputs(inputsOf(undefined), BoundingBox)).toEqual({
      box: undefined,
      empty: true,
      issues: {},
    });
  });

  it('reports the contract rule per input with its translation key', () => {
    const parsed = parseInputs({ west: 200, east: 15, south: 55, north: 47 }, BoundingBox);
    expect(parsed.box).toBeUndefined();
    expect(parsed.issues).toEqual({
      west: { key: 'validation.too_big.number', values: { limit: 180 } },
      south: { key: 'validation.rule.southNorth', values: {} },
    });
  });

  it('tells empty inputs without the schema, and leaves numbers unchecked until it is here', () => {
    expect(parseInputs(inputsOf(undefined), undefined)).toEqual({
      box: undefined,
      empty: true,
      issues: {},
    });
    expect(parseInputs({ west: 200, east: 15, south: 55, north: 47 }, undefined)).toEqual({
      box: undefined,
      empty: false,
      issues: {},
      pending: true,
    });
  });

  it('treats half-typed text as missing', () => {
    const parsed = parseInputs({ west: '-', east: 15, south: '', north: 55 }, BoundingBox);
    expect(parsed.issues.west?.key).toBe('validation.required');
    expect(parsed.issues.south?.key).toBe('validation.required');
    expect(parsed.empty).toBe(false);
  });
});

describe('inputsOf', () => {
  it('fills the inputs from a box', () => {
    expect(inputsOf({ west: 1, south: 2, east: 3, north: 4 })).toEqual({
      west: 1,
      east: 3,
      south: 2,
      north: 4,
    });
  });
});

describe('regionGroups', () => {
  const labels = { state: 'Bundesländer', country: 'Staaten' };

  it('lists states, then countries, sorted by name in the page language', () => {
    const [states, countries] = regionGroups('de', labels);
    expect(states?.group).toBe('Bundesländer');
    expect(states?.items).toHaveLength(16);
    expect(states?.items[0]).toEqual({ value: 'DE-BW', label: 'Baden-Württemberg' });
    expect(countries?.items.length).toBe(regions.length - 16);
    const names = countries?.items.map((item) => item.label) ?? [];
    expect(names).toEqual([...names].sort(new Intl.Collator('de').compare));
    // German collation puts Ö with O: Österreich comes before Polen.
    expect(names.indexOf('Österreich')).toBeLessThan(names.indexOf('Polen'));
  });

  it('uses English names for English pages', () => {
    const [states] = regionGroups('en', labels);
    expect(states?.items.find((item) => item.value === 'DE-BY')?.label).toBe('Bavaria');
  });

  it('offers codes that lead back to a region', () => {
    for (const group of regionGroups('en', labels)) {
      for (const item of group.items) expect(findRegion(item.value)?.code).toBe(item.value);
    }
  });
});
