import type { FacetField } from '@geoportal/contract/search';
import { pathTo } from '../../route-paths';
import { facetFilter, quoteValue } from './filter-query';

/**
 * What a link into the search looks for: a value of a facet (the search filtered by it, as
 * the facet panel would filter), or a text the search finds in records (for values that are
 * not facet values, e.g. labels of classifications without a facet).
 */
export type SearchTarget = { field: FacetField; value: string } | { text: string };

/**
 * The search page's address for `target`, in the page's own URL format (`fq` as the facet
 * panel writes it, `q` as typed), so the page shows the filter as selected. A value with a
 * double quote cannot be written as a filter (the query language has no escape) and becomes
 * a text search without it.
 */
export function searchLink(target: SearchTarget): string {
  const params = new URLSearchParams();
  if ('field' in target && !target.value.includes('"')) {
    params.set('fq', facetFilter(target.field, [target.value]) as string);
  } else {
    const text = 'field' in target ? target.value : target.text;
    params.set('q', quoteValue(text.replaceAll('"', ' ').replace(/\s+/g, ' ').trim()));
  }
  return `${pathTo('search')}?${params}`;
}
