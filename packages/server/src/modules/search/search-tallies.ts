import { type FacetField, facetFields, type SearchResponse } from '@geoportal/contract/search';
import * as repo from './search.repository.js';
import { SAMPLE_LEVEL_MAX } from './search-sample.js';
import { rows, type SearchTarget, type Sql } from './search-statements.js';

/**
 * Search tallies: how many records match and the facet values among them, counted exactly up
 * to `EXACT_MATCHES_MAX` and estimated from an even sample beyond.
 */

/** One facet count: the whole search (no `only`), or one fq-filtered field without its fq. */
export interface FacetQuery {
  /** A facet field counted without its own fq (multi-select). */
  only?: FacetField;
  where: Sql;
}

/**
 * The first sample's level: about 150 documents when `exactMax` match (level 4, 1 in 16, for
 * 2,500), enough to tell whether there are more.
 */
const firstSampleLevel = (exactMax: number) =>
  Math.min(SAMPLE_LEVEL_MAX, Math.max(1, Math.round(Math.log2(exactMax / 150))));

/** An estimate to two significant digits (312,448 → 310,000): no more precise than it is. */
export function roughly(n: number): number {
  if (n < 100) return n;
  const unit = 10 ** (Math.floor(Math.log10(n)) - 1);
  return Math.round(n / unit) * unit;
}

/** How many match, and the facet values among them; estimated from a sample if not `exact`. */
export interface Tally {
  count: number;
  exact: boolean;
  facets: { value: string; n: number }[];
}

/**
 * Counts the matches of `where` and their facet values: exactly, up to `EXACT_MATCHES_MAX`;
 * beyond, from an even sample of at most a quarter of that (counts within a few per cent),
 * scaled up. A first small sample (a few documents for the usual search) tells which:
 * few matches are then counted one by one; many are counted at the shallowest sample level
 * that holds no more than the sample size. No step reads more than `EXACT_MATCHES_MAX`
 * documents, so no search counts a million matches one by one.
 */
export async function tally(
  target: SearchTarget,
  where: Sql,
  options: { facets: boolean; exactMax: number; only?: FacetField | undefined },
): Promise<Tally> {
  const { exactMax, ...statementOptions } = options;
  const sampleMax = Math.max(1, Math.floor(exactMax / 4));
  const probe = async (level: number, limit: number) => {
    const found = await rows<repo.TallyRow>(
      target,
      repo.tallyStatement(where, { level, limit, ...statementOptions }),
    );
    return { level, found, n: Number(found.find((row) => row.value === null)?.n ?? 0) };
  };
  // What a sample cut at its limit proved: at least this many match. A deeper sample's
  // estimate can fall below it (a few matches, none of them at the deeper level), and a
  // count below what is known would end paging early and hide pages of hits.
  let atLeast = 0;
  const answer = ({ level, found, n }: Awaited<ReturnType<typeof probe>>): Tally => {
    const estimate = (k: number) => (level === 0 ? k : roughly(k * 2 ** level));
    return {
      count: level === 0 ? n : Math.max(estimate(n), atLeast),
      exact: level === 0,
      facets: found.flatMap((row) =>
        row.value === null ? [] : [{ value: row.value, n: estimate(Number(row.n)) }],
      ),
    };
  };

  const first = firstSampleLevel(exactMax);
  let sample = await probe(first, sampleMax);
  if (sample.n <= sampleMax && sample.n * 2 ** first <= exactMax) {
    const all = await probe(0, exactMax);
    // More than the sample promised: the sample answers (its facets are counted).
    return answer(all.n <= exactMax ? all : sample);
  }
  while (sample.n > sampleMax && sample.level < SAMPLE_LEVEL_MAX) {
    // At least this many match (the sample was cut at its limit).
    atLeast = Math.max(atLeast, sample.n * 2 ** sample.level);
    const level = Math.min(
      SAMPLE_LEVEL_MAX,
      Math.max(sample.level + 3, Math.ceil(Math.log2(atLeast / sampleMax))),
    );
    sample = await probe(level, sampleMax);
  }
  return answer(sample);
}

/** Every facet field with no values: the answer when facets were not asked for. */
export function emptyFacets(): SearchResponse['facets'] {
  return Object.fromEntries(facetFields.map((f) => [f, []])) as unknown as SearchResponse['facets'];
}

/**
 * The facets of the answer from the tallies of `queries` (in the same order): a field
 * filtered by fq takes its counts from its own query only; values by count, then by name.
 */
export function facetCounts(
  queries: readonly FacetQuery[],
  results: { value: string; n: number }[][],
): SearchResponse['facets'] {
  const facets = emptyFacets();
  const own = new Set(queries.flatMap((q) => (q.only ? [q.only] : [])));
  queries.forEach((query, i) => {
    for (const row of results[i] ?? []) {
      const cut = row.value.indexOf('=');
      const field = row.value.slice(0, cut) as FacetField;
      // A field filtered by fq takes its counts from its own query only.
      if (query.only ? field !== query.only : own.has(field)) continue;
      facets[field]?.push({ value: row.value.slice(cut + 1), count: Number(row.n) });
    }
  });
  for (const field of facetFields) {
    facets[field].sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
  }
  return facets;
}
