import type { Place, PlaceSearchQuery } from '@geoportal/contract/geo';
import type { Language } from '@geoportal/contract/i18n';
import { loadTopology, mappedCities, stateProperties } from './basemap-data.js';
import { countryNames } from './country-names.js';
import { bboxOf, ringArea } from './geometry.js';
import { germanStatesTopology } from './german-states.data.js';
import type { City } from './places-data.js';
import { decodeArcs, type Ring, shapeOf, type Topology } from './topojson.js';

/**
 * Place search over the names of the offline basemap (`GET /geoth/places`): countries, the
 * German states and the places the map shows. Names match without regard to case and
 * diacritics ("munchen" finds "München"; the German transliteration "muenchen" as well).
 * Names equal to the text come first, then names that start with it, then names that contain
 * it; within each, countries before states before capitals before cities, and larger ones
 * (by area or population) first. The index is built once, on the first search.
 */

interface IndexedPlace {
  place: Omit<Place, 'name'>;
  /** Normalised spellings of both names. */
  keys: string[];
  /** Area in square degrees (countries, states) or population (places): larger first. */
  size: number;
}

/** Order of the kinds among hits that match equally well. */
const kindOrder: Record<Place['kind'], number> = { country: 0, state: 1, capital: 2, city: 3 };

export interface PlaceSearch {
  search(query: PlaceSearchQuery & { lang: Language }): Promise<Place[]>;
}

export function createPlaceSearch(): PlaceSearch {
  let index: Promise<IndexedPlace[]> | undefined;
  return {
    async search({ q, limit, lang }) {
      index ??= buildIndex().catch((error: unknown) => {
        index = undefined;
        throw error;
      });
      const places = await index;
      const variants = [...new Set([normalize(q), transliterate(q)])];
      const matches = (test: (key: string, variant: string) => boolean) => (entry: IndexedPlace) =>
        entry.keys.some((key) => variants.some((variant) => test(key, variant)));
      const exact = matches((key, variant) => key === variant);
      const prefix = matches((key, variant) => key.startsWith(variant));
      const substring = matches((key, variant) => key.includes(variant));
      const tiers: IndexedPlace[][] = [[], [], []];
      for (const entry of places) {
        if (exact(entry)) tiers[0]?.push(entry);
        else if (prefix(entry)) tiers[1]?.push(entry);
        else if (substring(entry)) tiers[2]?.push(entry);
      }
      const bySize = (a: IndexedPlace, b: IndexedPlace) =>
        kindOrder[a.place.kind] - kindOrder[b.place.kind] ||
        b.size - a.size ||
        a.place[`name_${lang}`].localeCompare(b.place[`name_${lang}`], lang);
      return tiers
        .flatMap((tier) => tier.sort(bySize))
        .slice(0, limit)
        .map(({ place }) => ({ ...place, name: place[`name_${lang}`] }));
    },
  };
}

/** Lower case, without diacritics: "München" → "munchen", "Straße" → "strasse". */
export function normalize(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/\s+/g, ' ')
    .trim();
}

/** German transliteration before normalising: "München" → "muenchen". */
function transliterate(text: string): string {
  return normalize(text.replace(/[äÄ]/g, 'ae').replace(/[öÖ]/g, 'oe').replace(/[üÜ]/g, 'ue'));
}

async function buildIndex(): Promise<IndexedPlace[]> {
  const [countries, cities] = await Promise.all([
    countryIndex(await loadTopology('world-atlas/countries-50m.json')),
    mappedCities(),
  ]);
  return [...countries, ...stateIndex(germanStatesTopology), ...cities.map(cityEntry)];
}

/** Both names in every spelling the search compares with. */
function keysOf(names: { name_de: string; name_en: string }): string[] {
  return [
    ...new Set([names.name_de, names.name_en].flatMap((n) => [normalize(n), transliterate(n)])),
  ];
}

/** The entry of an area (country or state): centred on and fitted to its largest part. */
function areaEntry(
  id: string,
  kind: 'country' | 'state',
  names: { name_de: string; name_en: string },
  part: { area: number; bbox: [number, number, number, number] },
): IndexedPlace {
  const [west, south, east, north] = part.bbox;
  return {
    place: {
      id,
      kind,
      ...names,
      lon: round((west + east) / 2),
      lat: round((south + north) / 2),
      bbox: part.bbox,
    },
    keys: keysOf(names),
    size: part.area,
  };
}

/** The largest outer ring of a polygon geometry and its area, if it has one. */
function largestPart(
  polygons: Ring[][],
): { ring: Ring; area: number; bbox: [number, number, number, number] } | undefined {
  const outers = polygons.map((rings) => rings[0]).filter((ring): ring is Ring => !!ring);
  const largest = outers.reduce<{ ring: Ring; area: number } | undefined>((best, ring) => {
    const area = ringArea(ring);
    return !best || area > best.area ? { ring, area } : best;
  }, undefined);
  if (!largest) return undefined;
  const bbox = bboxOf(largest.ring).map(round) as [number, number, number, number];
  return { ...largest, bbox };
}

function stateIndex(topology: Topology): IndexedPlace[] {
  const arcs = decodeArcs(topology);
  const entries: IndexedPlace[] = [];
  for (const geometry of topology.objects.regions?.geometries ?? []) {
    const shape = shapeOf(arcs, geometry);
    const part = shape?.kind === 'polygons' ? largestPart(shape.polygons) : undefined;
    if (!part) continue;
    const { id, ...names } = stateProperties(geometry);
    entries.push(areaEntry(`state:${id}`, 'state', names, part));
  }
  return entries;
}

/**
 * A city's entry. Its box to fit the map to grows with the population: about 6 km around a
 * town of 50,000, 25 km around a city of four million.
 */
function cityEntry(city: City): IndexedPlace {
  const radiusKm = 4 + 3 * Math.sqrt(city.population / 100_000);
  const dLat = radiusKm / 111.32;
  const dLon = dLat / Math.max(0.1, Math.cos((city.lat * Math.PI) / 180));
  const names = { name_de: city.name_de, name_en: city.name_en };
  return {
    place: {
      id: city.id,
      kind: city.kind,
      ...names,
      lon: round(city.lon),
      lat: round(city.lat),
      bbox: [
        round(Math.max(-180, city.lon - dLon)),
        round(Math.max(-90, city.lat - dLat)),
        round(Math.min(180, city.lon + dLon)),
        round(Math.min(90, city.lat + dLat)),
      ],
    },
    keys: keysOf(names),
    size: city.population,
  };
}

function countryIndex(topology: Topology): IndexedPlace[] {
  const arcs = decodeArcs(topology);
  const byId = new Map<string, IndexedPlace>();
  for (const geometry of topology.objects.countries?.geometries ?? []) {
    const shape = shapeOf(arcs, geometry);
    const part = shape?.kind === 'polygons' ? largestPart(shape.polygons) : undefined;
    if (!part) continue;
    const englishName = String(geometry.properties?.name ?? '');
    const id = geometry.id === undefined ? `name:${englishName}` : String(geometry.id);
    const names = countryNames(geometry.id === undefined ? undefined : id, englishName);
    const entry = areaEntry(`country:${id}`, 'country', names, part);
    // Some territories share their country's code (Ashmore Is. and Australia): the larger
    // area keeps the entry.
    const existing = byId.get(id);
    if (!existing || existing.size < entry.size) byId.set(id, entry);
  }
  return [...byId.values()];
}

function round(value: number): number {
  return Math.round(value * 1e4) / 1e4;
}
