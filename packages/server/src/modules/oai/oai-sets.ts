import { type Classification, walkNodes } from '@geoportal/contract/classification';
import type { EntryFilter } from './oai.repository.js';
import { SET_SPEC } from './oai-request.js';

/**
 * The sets (OAI-PMH 2.0 §2.7.2): by resource type and by INSPIRE theme, two small
 * hierarchies — `type` with `type:dataset`, `type:service` …, and `inspireTheme` with
 * `inspireTheme:hy` … (the codes of the classifications `resourceType` and `inspireTheme`).
 * A record's sets come from the search index's facets `type=…` and `inspireTheme=…`.
 */

/** The set hierarchies: setSpec of the top set, facet field, classification of the labels. */
export const setRoots = [
  {
    spec: 'type',
    field: 'type',
    classification: 'resourceType',
    name: 'Ressourcentyp / Resource type',
  },
  {
    spec: 'inspireTheme',
    field: 'inspireTheme',
    classification: 'inspireTheme',
    name: 'INSPIRE-Thema / INSPIRE theme',
  },
] as const;

export const setFacetPrefixes = setRoots.map((root) => `${root.field}=`);

/** The setSpec of a facet (`type=dataset` → `type:dataset`), if it is one of a set. */
export function setSpecOf(facet: string): string | undefined {
  const root = setRoots.find((r) => facet.startsWith(`${r.field}=`));
  if (!root) return undefined;
  const spec = `${root.spec}:${facet.slice(root.field.length + 1)}`;
  // A code with characters a setSpec cannot hold has no set.
  return SET_SPEC.test(spec) ? spec : undefined;
}

/** The setSpecs of an item's facets, in order. */
export const setSpecsOf = (facets: readonly string[]) =>
  facets.flatMap((facet) => setSpecOf(facet) ?? []).sort();

/**
 * The filter of a set argument: a top set takes every record with a facet of its field; a
 * set below it, the records with that facet. Any other setSpec matches nothing.
 */
export function setFilter(spec: string): NonNullable<EntryFilter['set']> {
  const [top, code, ...rest] = spec.split(':');
  const root = setRoots.find((r) => r.spec === top);
  if (!root || rest.length > 0) return { facet: '' };
  return code === undefined ? { prefix: `${root.field}=` } : { facet: `${root.field}=${code}` };
}

/** The labels of the set classifications' codes: classification id → code → labels. */
export function setLabels(
  classifications: ReadonlyMap<string, Classification>,
): Map<string, Map<string, { de?: string | undefined; en?: string | undefined }>> {
  return new Map(
    [...classifications].map(([id, classification]) => [
      id,
      new Map([...walkNodes(classification.nodes)].map(({ node }) => [node.id, node.labels])),
    ]),
  );
}
