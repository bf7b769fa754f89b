import type { BoundingBox } from '@geoportal/contract/record';
import { type RowSource, readClassificationCodes } from './search-codes.js';
import { SearchRecordGenerator } from './search-generator.js';
import { boxAround, drawQueryBox, stateNames } from './search-places.js';
import { chance, mulberry32, pick, type Random, randomInt, weighted } from './search-random.js';
import { cities } from './search-vocabulary.js';

/**
 * The query mix of the search benchmark: different queries built from the same vocabulary
 * as the records (1–3 words, phrases, prefixes, `field:term`), each limited to a box (state,
 * region or city sized, a few Europe-wide) and some to a facet value, 20 rows each. Every
 * query comes twice: with facet counts (the default) and with `facets=false`.
 */
export interface SearchQuery {
  /** The query text as a person types it. */
  text: string;
  /** Path and query below /api/v1, with facets. */
  facets: string;
  /** The same request without facet counts. */
  withoutFacets: string;
}

export interface QueryOptions {
  seed: number;
  count: number;
  generator: SearchRecordGenerator;
}

const rows = 20;
/** Place names a person would type as one word. */
const oneWord = (name: string) => /^[\p{L}-]+$/u.test(name);
const placeCities = cities.filter((c) => oneWord(c.name));
const placeStates = stateNames.filter(oneWord);

const boxText = (b: BoundingBox) => `bbox:${b.west},${b.south},${b.east},${b.north}`;

export function searchQueries({ seed, count, generator }: QueryOptions): SearchQuery[] {
  const random = mulberry32(seed);
  const nouns = generator.germanNouns;
  const codes = generator.options.codes;
  // Half the words the way people search (common words often), half from further down the
  // list, so that terms with few hits are measured too.
  const noun = () =>
    chance(random, 0.5) ? nouns.draw(random) : (nouns.items[randomInt(random, 20, 800)] as string);
  // Two neighbouring words of a real title: a phrase people copy from a hit list.
  const titlePhrase = () => {
    const title = generator.record(randomInt(random, 0, 999)).metadata.title;
    const words = (title.de ?? title.en ?? '')
      .split(/[\s:–,]+/)
      .filter((w) => /^\p{L}{3,}$/u.test(w));
    const at = randomInt(random, 0, Math.max(0, words.length - 2));
    return words.length >= 2 ? `"${words[at]} ${words[at + 1]}"` : `"${adjective()} ${noun()}"`;
  };
  const english = () => generator.englishWords.draw(random);
  const adjective = () => generator.germanAdjectives.draw(random);

  /** The text, and the box when the text names a place (the box then lies around it). */
  const text = (): { q: string; box?: BoundingBox } => {
    const kind = weighted(random, [
      ['one', 25],
      ['two', 18],
      ['place', 12],
      ['three', 8],
      ['english', 10],
      ['phrase', 8],
      ['prefix', 10],
      ['field', 9],
    ] as const);
    switch (kind) {
      case 'one':
        return { q: noun() };
      case 'two':
        return { q: `${noun()} ${noun()}` };
      case 'place': {
        if (chance(random, 0.3)) return { q: `${noun()} ${pick(random, placeStates)}` };
        const c = pick(random, placeCities);
        return { q: `${noun()} ${c.name}`, box: boxAround(c.lon, c.lat, 0.6) };
      }
      case 'three':
        return { q: `${adjective()} ${noun()} ${noun()}` };
      case 'english':
        return { q: chance(random, 0.5) ? english() : `${english()} ${english()}` };
      case 'phrase':
        return { q: chance(random, 0.6) ? titlePhrase() : `"${adjective()} ${noun()}"` };
      case 'prefix': {
        const word = noun().toLowerCase();
        return { q: `${word.slice(0, Math.min(word.length, randomInt(random, 4, 8)))}*` };
      }
      case 'field':
        return { q: `${pick(random, ['title', 'title', 'keyword', 'abstract'])}:${noun()}` };
    }
  };

  const facetFilter = (r: Random): string | undefined => {
    if (!chance(r, 0.25)) return undefined;
    const field = pick(r, ['inspireTheme', 'topicCategory', 'licence', 'type'] as const);
    const list = {
      inspireTheme: codes.inspireTheme,
      topicCategory: codes.topicCategory,
      licence: codes.license,
      type: codes.resourceType,
    }[field];
    return `${field}:${pick(r, list.slice(0, 8)).code}`;
  };

  const seen = new Set<string>();
  const queries: SearchQuery[] = [];
  for (let tries = 0; queries.length < count && tries < count * 50; tries++) {
    const { q, box } = text();
    if (seen.has(q)) continue;
    seen.add(q);
    const filters = [boxText(box ?? drawQueryBox(random)), facetFilter(random)].filter(
      (f): f is string => f !== undefined,
    );
    const path = `/index/search/objects/${encodeURIComponent(q)}/0/${rows}?${filters
      .map((f) => `fq=${encodeURIComponent(f)}`)
      .join('&')}`;
    queries.push({ text: q, facets: path, withoutFacets: `${path}&facets=false` });
  }
  return queries;
}

/**
 * The bench's query mix over a loaded database: its classification codes, the records'
 * generator of `seed`, the queries drawn with `seed + 1`, as every search bench draws them.
 */
export async function queryMixOf(
  source: RowSource,
  { seed, count }: { seed: number; count: number },
): Promise<SearchQuery[]> {
  const codes = await readClassificationCodes(source);
  return searchQueries({
    seed: seed + 1,
    count,
    generator: new SearchRecordGenerator({ seed, codes }),
  });
}
