import { node, type SeedClassification } from './seed-classification.js';

/** Code, German and English name of a theme as in the INSPIRE theme register. */
type Theme = readonly [code: string, de: string, en: string];

/** Annex I–III of Directive 2007/2/EC, in the order of the directive. */
const annexes: readonly (readonly Theme[])[] = [
  [
    ['rs', 'Koordinatenreferenzsysteme', 'Coordinate reference systems'],
    ['gg', 'Geografische Gittersysteme', 'Geographical grid systems'],
    ['gn', 'Geografische Bezeichnungen', 'Geographical names'],
    ['au', 'Verwaltungseinheiten', 'Administrative units'],
    ['ad', 'Adressen', 'Addresses'],
    ['cp', 'Flurstücke/Grundstücke (Katasterparzellen)', 'Cadastral parcels'],
    ['tn', 'Verkehrsnetze', 'Transport networks'],
    ['hy', 'Gewässernetz', 'Hydrography'],
    ['ps', 'Schutzgebiete', 'Protected sites'],
  ],
  [
    ['el', 'Höhe', 'Elevation'],
    ['lc', 'Bodenbedeckung', 'Land cover'],
    ['oi', 'Orthofotografie', 'Orthoimagery'],
    ['ge', 'Geologie', 'Geology'],
  ],
  [
    ['su', 'Statistische Einheiten', 'Statistical units'],
    ['bu', 'Gebäude', 'Buildings'],
    ['so', 'Boden', 'Soil'],
    ['lu', 'Bodennutzung', 'Land use'],
    ['hh', 'Gesundheit und Sicherheit', 'Human health and safety'],
    ['us', 'Versorgungswirtschaft und staatliche Dienste', 'Utility and governmental services'],
    ['ef', 'Umweltüberwachung', 'Environmental monitoring facilities'],
    ['pf', 'Produktions- und Industrieanlagen', 'Production and industrial facilities'],
    [
      'af',
      'Landwirtschaftliche Anlagen und Aquakulturanlagen',
      'Agricultural and aquaculture facilities',
    ],
    ['pd', 'Verteilung der Bevölkerung — Demografie', 'Population distribution — demography'],
    [
      'am',
      'Bewirtschaftungsgebiete/Schutzgebiete/geregelte Gebiete und Berichterstattungseinheiten',
      'Area management/restriction/regulation zones and reporting units',
    ],
    ['nz', 'Gebiete mit naturbedingten Risiken', 'Natural risk zones'],
    ['ac', 'Atmosphärische Bedingungen', 'Atmospheric conditions'],
    ['mf', 'Meteorologisch-geografische Kennwerte', 'Meteorological geographical features'],
    ['of', 'Ozeanografisch-geografische Kennwerte', 'Oceanographic geographical features'],
    ['sr', 'Meeresregionen', 'Sea regions'],
    ['br', 'Biogeografische Regionen', 'Bio-geographical regions'],
    ['hb', 'Lebensräume und Biotope', 'Habitats and biotopes'],
    ['sd', 'Verteilung der Arten', 'Species distribution'],
    ['er', 'Energiequellen', 'Energy resources'],
    ['mr', 'Mineralische Bodenschätze', 'Mineral resources'],
  ],
];

const annexNames = ['I', 'II', 'III'];

/**
 * The 34 spatial data themes of the INSPIRE Directive, as a flat list (records name themes,
 * not annexes); each theme's annex is in its description, its register URI in `uri`.
 */
export const inspireTheme: SeedClassification = {
  id: 'inspireTheme',
  input: {
    labels: { de: 'INSPIRE-Themen', en: 'INSPIRE themes' },
    descriptions: {
      de: 'Die 34 Geodatenthemen der Anhänge I bis III der INSPIRE-Richtlinie 2007/2/EG.',
      en: 'The 34 spatial data themes of Annexes I to III of the INSPIRE Directive 2007/2/EC.',
    },
    nodes: annexes.flatMap((themes, annex) =>
      themes.map(([code, de, en]) =>
        node(code, de, en, {
          descriptions: {
            de: `INSPIRE-Anhang ${annexNames[annex]}`,
            en: `INSPIRE Annex ${annexNames[annex]}`,
          },
          uri: `https://inspire.ec.europa.eu/theme/${code}`,
        }),
      ),
    ),
  },
};
