import type { BoundingBox } from './record.js';

/**
 * An offline list of regions for the extent picker: the 16 German states and the countries of
 * Europe, with their official short names and a WGS84 bounding box. No gazetteer service is
 * needed, so picking a region works without any request.
 *
 * Boxes cover the mainland plus near islands, rounded outwards to 0.01° (about 1 km), so they
 * contain the region and are accurate to about 0.05°. Country boxes were derived from Natural
 * Earth 1:10m admin-0 polygons (the world-atlas package), the German states from their official
 * extreme points. Choices for countries with far-away territories are noted at each entry.
 */
export interface Region {
  /** ISO 3166-2 code for states (`DE-BY`), ISO 3166-1 alpha-2 for countries (`DE`). */
  code: string;
  kind: 'state' | 'country';
  labels: { de: string; en: string };
  bbox: BoundingBox;
}

type Box = [west: number, south: number, east: number, north: number];

const toBox = ([west, south, east, north]: Box): BoundingBox => ({ west, south, east, north });

const state = (code: string, de: string, en: string, box: Box): Region => ({
  code: `DE-${code}`,
  kind: 'state',
  labels: { de, en },
  bbox: toBox(box),
});

const country = (code: string, de: string, en: string, box: Box): Region => ({
  code,
  kind: 'country',
  labels: { de, en },
  bbox: toBox(box),
});

export const regions: Region[] = [
  state('BW', 'Baden-Württemberg', 'Baden-Württemberg', [7.51, 47.53, 10.5, 49.8]),
  state('BY', 'Bayern', 'Bavaria', [8.97, 47.27, 13.84, 50.57]),
  state('BE', 'Berlin', 'Berlin', [13.08, 52.33, 13.77, 52.68]),
  state('BB', 'Brandenburg', 'Brandenburg', [11.26, 51.35, 14.77, 53.56]),
  // Bremen and Bremerhaven
  state('HB', 'Bremen', 'Bremen', [8.48, 53.01, 8.99, 53.61]),
  // the city without its exclave Neuwerk/Scharhörn in the Wadden Sea, which would triple the box
  state('HH', 'Hamburg', 'Hamburg', [9.73, 53.39, 10.33, 53.75]),
  state('HE', 'Hessen', 'Hesse', [7.77, 49.39, 10.24, 51.66]),
  state(
    'MV',
    'Mecklenburg-Vorpommern',
    'Mecklenburg-Western Pomerania',
    [10.59, 53.11, 14.42, 54.69],
  ),
  // with the East Frisian Islands
  state('NI', 'Niedersachsen', 'Lower Saxony', [6.65, 51.29, 11.6, 53.9]),
  state('NW', 'Nordrhein-Westfalen', 'North Rhine-Westphalia', [5.86, 50.32, 9.47, 52.54]),
  state('RP', 'Rheinland-Pfalz', 'Rhineland-Palatinate', [6.11, 48.96, 8.51, 50.95]),
  state('SL', 'Saarland', 'Saarland', [6.35, 49.11, 7.41, 49.64]),
  state('SN', 'Sachsen', 'Saxony', [11.87, 50.17, 15.05, 51.69]),
  state('ST', 'Sachsen-Anhalt', 'Saxony-Anhalt', [10.56, 50.93, 13.19, 53.05]),
  // with the North Frisian Islands and Heligoland
  state('SH', 'Schleswig-Holstein', 'Schleswig-Holstein', [7.86, 53.35, 11.32, 55.06]),
  state('TH', 'Thüringen', 'Thuringia', [9.87, 50.2, 12.66, 51.65]),

  country('AT', 'Österreich', 'Austria', [9.52, 46.37, 17.15, 49.01]),
  country('BE', 'Belgien', 'Belgium', [2.52, 49.49, 6.38, 51.5]),
  country('BG', 'Bulgarien', 'Bulgaria', [22.34, 41.23, 28.61, 44.23]),
  country('HR', 'Kroatien', 'Croatia', [13.5, 42.41, 19.41, 46.55]),
  // the whole island
  country('CY', 'Zypern', 'Cyprus', [32.27, 34.56, 34.6, 35.7]),
  country('CZ', 'Tschechien', 'Czechia', [12.07, 48.55, 18.84, 51.04]),
  // Denmark proper with Bornholm; Greenland and the Faroe Islands left out
  country('DK', 'Dänemark', 'Denmark', [8.09, 54.56, 15.16, 57.76]),
  country('EE', 'Estland', 'Estonia', [21.83, 57.51, 28.19, 59.68]),
  country('FI', 'Finnland', 'Finland', [20.62, 59.81, 31.58, 70.08]),
  // metropolitan France with Corsica; overseas departments and territories left out
  country('FR', 'Frankreich', 'France', [-5.14, 41.36, 9.56, 51.09]),
  country('DE', 'Deutschland', 'Germany', [5.86, 47.27, 15.05, 55.06]),
  // mainland and islands incl. Crete; Kastellorizo left out
  country('GR', 'Griechenland', 'Greece', [19.62, 34.81, 28.25, 41.76]),
  country('HU', 'Ungarn', 'Hungary', [16.09, 45.74, 22.88, 48.57]),
  country('IE', 'Irland', 'Ireland', [-10.48, 51.44, -5.99, 55.39]),
  // mainland, Sicily, Sardinia and Lampedusa
  country('IT', 'Italien', 'Italy', [6.6, 35.48, 18.52, 47.09]),
  country('LV', 'Lettland', 'Latvia', [20.96, 55.66, 28.22, 58.08]),
  country('LT', 'Litauen', 'Lithuania', [20.92, 53.88, 26.81, 56.45]),
  country('LU', 'Luxemburg', 'Luxembourg', [5.71, 49.44, 6.51, 50.18]),
  country('MT', 'Malta', 'Malta', [14.18, 35.8, 14.57, 36.08]),
  // European part only; Caribbean Netherlands left out
  country('NL', 'Niederlande', 'Netherlands', [3.34, 50.74, 7.2, 53.56]),
  country('PL', 'Polen', 'Poland', [14.12, 48.99, 24.15, 54.84]),
  // mainland only; Azores and Madeira left out
  country('PT', 'Portugal', 'Portugal', [-9.5, 36.96, -6.2, 42.16]),
  country('RO', 'Rumänien', 'Romania', [20.24, 43.65, 29.7, 48.28]),
  country('SK', 'Slowakei', 'Slovakia', [16.84, 47.75, 22.54, 49.61]),
  country('SI', 'Slowenien', 'Slovenia', [13.36, 45.42, 16.52, 46.87]),
  // peninsula and Balearic Islands; Canary Islands, Ceuta and Melilla left out
  country('ES', 'Spanien', 'Spain', [-9.3, 36, 4.34, 43.8]),
  country('SE', 'Schweden', 'Sweden', [11.1, 55.34, 24.17, 69.04]),
  country('IS', 'Island', 'Iceland', [-24.54, 63.39, -13.5, 66.57]),
  country('LI', 'Liechtenstein', 'Liechtenstein', [9.47, 47.04, 9.64, 47.28]),
  // mainland and coastal islands; Svalbard and Jan Mayen left out
  country('NO', 'Norwegen', 'Norway', [4.64, 57.99, 31.08, 71.17]),
  country('CH', 'Schweiz', 'Switzerland', [5.95, 45.82, 10.47, 47.81]),
  // Great Britain, Northern Ireland and Shetland; Crown Dependencies and overseas territories left out
  country('GB', 'Vereinigtes Königreich', 'United Kingdom', [-8.63, 49.9, 1.77, 60.85]),
  country('AL', 'Albanien', 'Albania', [19.27, 39.63, 21.04, 42.66]),
  country('BA', 'Bosnien und Herzegowina', 'Bosnia and Herzegovina', [15.71, 42.55, 19.62, 45.29]),
  country('ME', 'Montenegro', 'Montenegro', [18.43, 41.85, 20.36, 43.55]),
  country('MK', 'Nordmazedonien', 'North Macedonia', [20.44, 40.84, 23.01, 42.38]),
  country('RS', 'Serbien', 'Serbia', [18.84, 42.23, 22.99, 46.18]),
  // XK is the user-assigned code used by the EU; Kosovo has no ISO 3166-1 code
  country('XK', 'Kosovo', 'Kosovo', [20.02, 41.84, 21.78, 43.27]),
  // internationally recognised borders including Crimea
  country('UA', 'Ukraine', 'Ukraine', [22.13, 44.38, 40.23, 52.38]),
  country('MD', 'Moldau', 'Moldova', [26.61, 45.46, 30.14, 48.49]),
  country('BY', 'Belarus', 'Belarus', [23.16, 51.23, 32.72, 56.16]),
  country('TR', 'Türkei', 'Türkiye', [25.66, 35.82, 44.81, 42.1]),
  country('AD', 'Andorra', 'Andorra', [1.41, 42.42, 1.79, 42.66]),
  country('MC', 'Monaco', 'Monaco', [7.4, 43.72, 7.44, 43.76]),
  country('SM', 'San Marino', 'San Marino', [12.4, 43.89, 12.52, 44.0]),
  country('VA', 'Vatikanstadt', 'Vatican City', [12.44, 41.9, 12.46, 41.91]),
  // whole country; crosses the antimeridian (Chukotka), so west > east
  country('RU', 'Russland', 'Russia', [19.61, 41.19, -168.99, 81.86]),
  country('GE', 'Georgien', 'Georgia', [39.98, 41.04, 46.7, 43.58]),
  country('AM', 'Armenien', 'Armenia', [43.43, 38.86, 46.61, 41.29]),
  country('AZ', 'Aserbaidschan', 'Azerbaijan', [44.77, 38.39, 50.63, 41.9]),
];

const byCode = new Map(regions.map((r) => [r.code.toUpperCase(), r]));

/** The region with this code (case-insensitive), or undefined. */
export const findRegion = (code: string): Region | undefined => byCode.get(code.toUpperCase());
