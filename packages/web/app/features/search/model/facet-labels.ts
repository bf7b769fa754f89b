import type { Classification } from '@geoportal/contract/classification';
import type { FacetField } from '@geoportal/contract/search';
import { labelOf } from '../../../lib/classifications/classification-options';

/** The classification whose codes a facet's values are; the other facets show values as they are. */
export const facetClassifications = {
  type: 'resourceType',
  topicCategory: 'topicCategory',
  inspireTheme: 'inspireTheme',
  licence: 'license',
} as const satisfies Partial<Record<FacetField, string>>;

export type SearchClassificationId =
  (typeof facetClassifications)[keyof typeof facetClassifications];

/** The classifications the page labels with, by id; one that failed to load is missing. */
export type SearchClassifications = Partial<Record<SearchClassificationId, Classification>>;

export const searchClassificationIds = Object.values(facetClassifications);

/** The classification of a facet, if its values are codes. */
export function classificationOfFacet(field: FacetField): SearchClassificationId | undefined {
  return (facetClassifications as Partial<Record<FacetField, SearchClassificationId>>)[field];
}

/**
 * A facet value as the page shows it: the label of a code in `lang` (the code itself when the
 * classification is missing or does not know it); keywords, organisations, formats and years
 * as they are.
 */
export function facetValueLabel(
  field: FacetField,
  value: string,
  classifications: SearchClassifications,
  lang: string,
): string {
  const id = classificationOfFacet(field);
  return id ? labelOf(classifications[id], value, lang) : value;
}

/** The classifications of the coded facets, in parallel; one that fails is left out. */
export async function loadSearchClassifications(
  load: (id: string) => Promise<SearchClassifications[keyof SearchClassifications]>,
): Promise<SearchClassifications> {
  const loaded = await Promise.all(
    searchClassificationIds.map((id) =>
      load(id).then(
        (classification) => [id, classification] as const,
        () => [id, undefined] as const,
      ),
    ),
  );
  const classifications: SearchClassifications = {};
  for (const [id, classification] of loaded) {
    if (classification) classifications[id] = classification;
  }
  return classifications;
}
