import type { BoundingBox } from '@geoportal/contract/record';
import { regions } from '@geoportal/contract/regions';
import { chance, pick, type Random, weighted, Zipf } from './search-random.js';
import { type City, cities, statesWithArticle } from './search-vocabulary.js';

/**
 * Where a generated record lies: a name to write into its texts and its extent. Most
 * records are local (a city or a stretch of a state), many cover a state, some Germany or
 * another European country, a handful all of Europe. No box crosses the antimeridian.
 */
export interface Place {
  kind: 'city' | 'local' | 'state' | 'germany' | 'country' | 'europe';
  de: string;
  /** "in Bayern", "im Saarland", "im Raum Köln". */
  inDe: string;
  en: string;
  /** ISO code of the German state the place lies in (for the authority), if any. */
  state?: string;
  city?: City;
  extent?: BoundingBox;
}

const states = regions.filter((r) => r.kind === 'state');
const countries = regions.filter((r) => r.kind === 'country' && r.code !== 'DE');
const germany = regions.find((r) => r.code === 'DE') as (typeof regions)[number];

/** The EEA's extent of Europe without the overseas territories. */
const europe: BoundingBox = { west: -31.3, south: 27.6, east: 44.8, north: 71.2 };

const cityZipf = new Zipf(cities);
// States by size of population, roughly: NW, BY, BW, NI, HE first.
const stateOrder = ['NW', 'BY', 'BW', 'NI', 'HE', 'RP', 'SN', 'BE', 'SH', 'BB', 'ST', 'TH'];
const stateZipf = new Zipf(
  [...states].sort((a, b) => rankOf(a.code) - rankOf(b.code)),
  0.8,
);
function rankOf(code: string): number {
  const i = stateOrder.indexOf(code.slice(3));
  return i < 0 ? stateOrder.length : i;
}
const countryZipf = new Zipf(countries, 0.8);

const round = (x: number) => Math.round(x * 1000) / 1000;
const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

/** A box of `width` degrees of longitude (height in proportion) around a centre. */
export function boxAround(lon: number, lat: number, width: number): BoundingBox {
  const height = width * 0.62;
  return {
    west: round(clamp(lon - width / 2, -180, 180)),
    south: round(clamp(lat - height / 2, -90, 90)),
    east: round(clamp(lon + width / 2, -180, 180)),
    north: round(clamp(lat + height / 2, -90, 90)),
  };
}

/** Log-uniform width between `min` and `max` degrees: many small boxes, fewer large. */
const logWidth = (random: Random, min: number, max: number) => min * (max / min) ** random();

const stateInDe = (code: string, de: string) => statesWithArticle[code]?.inDe ?? `in ${de}`;

export function drawPlace(random: Random): Place {
  const kind = weighted<Place['kind']>(random, [
    ['city', 42],
    ['local', 14],
    ['state', 27],
    ['germany', 8],
    ['country', 7],
    ['europe', 2],
  ]);
  switch (kind) {
    case 'city': {
      const c = cityZipf.draw(random);
      const lon = c.lon + (random() - 0.5) * 0.1;
      const lat = c.lat + (random() - 0.5) * 0.06;
      return {
        kind,
        de: c.name,
        inDe: chance(random, 0.5) ? `im Raum ${c.name}` : `in ${c.name}`,
        en: c.name,
        state: c.state,
        city: c,
        extent: boxAround(lon, lat, logWidth(random, 0.02, 0.5)),
      };
    }
    case 'local': {
      // Somewhere in a state, away from the big cities: a district, a valley, a reserve.
      const s = stateZipf.draw(random);
      const b = s.bbox;
      const width = logWidth(random, 0.05, Math.min(1, (b.east - b.west) * 0.6));
      const lon = b.west + width / 2 + random() * Math.max(0, b.east - b.west - width);
      const lat = b.south + width * 0.31 + random() * Math.max(0, b.north - b.south - width * 0.62);
      const near = nearestCity(lon, lat, s.code);
      return {
        kind,
        de: near ? `${s.labels.de} (Raum ${near.name})` : s.labels.de,
        inDe: near ? `im Umland von ${near.name}` : stateInDe(s.code, s.labels.de),
        en: near ? `the ${near.name} region` : s.labels.en,
        state: s.code,
        ...(near ? { city: near } : {}),
        extent: boxAround(lon, lat, width),
      };
    }
    case 'state': {
      const s = stateZipf.draw(random);
      return {
        kind,
        de: s.labels.de,
        inDe: stateInDe(s.code, s.labels.de),
        en: s.labels.en,
        state: s.code,
        extent: s.bbox,
      };
    }
    case 'germany':
      return {
        kind,
        de: 'Deutschland',
        inDe: 'in Deutschland',
        en: 'Germany',
        extent: germany.bbox,
      };
    case 'country': {
      const c = countryZipf.draw(random);
      // Half of them cover a part of the country only.
      const extent = chance(random, 0.5)
        ? c.bbox
        : boxAround(
            c.bbox.west + random() * (c.bbox.east - c.bbox.west),
            c.bbox.south + random() * (c.bbox.north - c.bbox.south),
            logWidth(random, 0.2, 3),
          );
      return { kind, de: c.labels.de, inDe: c.labels.de, en: c.labels.en, extent };
    }
    case 'europe':
      return { kind, de: 'Europa', inDe: 'in Europa', en: 'Europe', extent: europe };
  }
}

function nearestCity(lon: number, lat: number, state: string): City | undefined {
  let best: City | undefined;
  let bestDistance = 0.8 ** 2;
  for (const c of cities) {
    if (c.state !== state) continue;
    const d = (c.lon - lon) ** 2 + (c.lat - lat) ** 2;
    if (d < bestDistance) {
      best = c;
      bestDistance = d;
    }
  }
  return best;
}

/** The name of a German state by its ISO code. */
export const stateName = (code: string) => states.find((s) => s.code === code)?.labels.de ?? code;

export const stateNames = states.map((s) => s.labels.de);

/** Boxes for queries: states, city surroundings, Germany and a few Europe-wide ones. */
export function drawQueryBox(random: Random): BoundingBox {
  const kind = weighted(random, [
    ['state', 35],
    ['region', 25],
    ['city', 28],
    ['germany', 7],
    ['europe', 5],
  ] as const);
  switch (kind) {
    case 'state':
      return pick(random, states).bbox;
    case 'region': {
      const s = pick(random, states).bbox;
      const lon = s.west + random() * (s.east - s.west);
      const lat = s.south + random() * (s.north - s.south);
      return boxAround(lon, lat, logWidth(random, 0.8, 2.5));
    }
    case 'city': {
      const c = cityZipf.draw(random);
      return boxAround(c.lon, c.lat, logWidth(random, 0.1, 0.6));
    }
    case 'germany':
      return germany.bbox;
    case 'europe':
      return chance(random, 0.5) ? europe : { west: -10, south: 35, east: 30, north: 60 };
  }
}
