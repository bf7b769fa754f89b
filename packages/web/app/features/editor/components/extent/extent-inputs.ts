import type { BoundingBox } from '@geoportal/contract/record';
import { type Region, regions } from '@geoportal/contract/regions';
import { type IssueText, issueText } from '@geoportal/contract/validation';

/** The four edges in ISO 19115 order (west, east, south, north): longitudes, then latitudes. */
export const sides = ['west', 'east', 'south', 'north'] as const;
export type Side = (typeof sides)[number];

/** What an input holds: a number, or the text of a number being typed (`''`, `'-'`, `'7.'`). */
export type InputValue = number | string;
export type InputValues = Record<Side, InputValue>;

/** The valid range of each edge, for the inputs' min/max and hints. */
export const sideRange: Record<Side, { min: number; max: number }> = {
  west: { min: -180, max: 180 },
  east: { min: -180, max: 180 },
  south: { min: -90, max: 90 },
  north: { min: -90, max: 90 },
};

/** The inputs showing `box`; all empty without one. */
export function inputsOf(box: BoundingBox | undefined): InputValues {
  return {
    west: box?.west ?? '',
    east: box?.east ?? '',
    south: box?.south ?? '',
    north: box?.north ?? '',
  };
}

/** What the four inputs say: a valid box, or a problem per input. */
export interface ParsedInputs {
  /** The box, when all four numbers are there and valid. */
  box: BoundingBox | undefined;
  /** All four inputs are empty: the extent was removed. */
  empty: boolean;
  issues: Partial<Record<Side, IssueText>>;
  /** Not checked yet: the schema is still loading (`useEditorSchemas`). */
  pending?: true;
}

const isEmpty = (value: InputValue) => typeof value === 'string' && value.trim() === '';

/**
 * Checks the inputs with the contract's `BoundingBox` (`schema`), so the editor refuses
 * exactly what the server refuses, with the same translated messages. Text that is not (yet)
 * a number counts as missing. Without the schema (still loading) only empty inputs are told.
 */
export function parseInputs(
  values: InputValues,
  schema: typeof BoundingBox | undefined,
): ParsedInputs {
  if (sides.every((side) => isEmpty(values[side])))
    return { box: undefined, empty: true, issues: {} };
  if (!schema) return { box: undefined, empty: false, issues: {}, pending: true };
  const candidate = Object.fromEntries(
    sides.map((side) => {
      const value = values[side];
      return [side, typeof value === 'number' && Number.isFinite(value) ? value : undefined];
    }),
  );
  const parsed = schema.safeParse(candidate);
  if (parsed.success) return { box: parsed.data, empty: false, issues: {} };
  const issues: ParsedInputs['issues'] = {};
  for (const issue of parsed.error.issues) {
    const side = issue.path[0] as Side;
    if (sides.includes(side)) issues[side] ??= issueText(issue);
  }
  return { box: undefined, empty: false, issues };
}

/** One group of the region picker. */
export interface RegionGroup {
  group: string;
  items: { value: string; label: string }[];
}

/**
 * The region picker's options: German states, then countries, each sorted by their name in
 * the page language (labels fall back to German, the product's fallback language).
 */
export function regionGroups(
  language: string,
  groupLabels: Record<Region['kind'], string>,
  list: readonly Region[] = regions,
): RegionGroup[] {
  const lang = language === 'en' ? 'en' : 'de';
  const collator = new Intl.Collator(lang);
  return (['state', 'country'] as const).map((kind) => ({
    group: groupLabels[kind],
    items: list
      .filter((region) => region.kind === kind)
      .map((region) => ({ value: region.code, label: region.labels[lang] }))
      .sort((a, b) => collator.compare(a.label, b.label)),
  }));
}
