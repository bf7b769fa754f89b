import type { ObjectState } from '@geoportal/contract/object';
import type {
  BoundingBox,
  Contact,
  Format,
  LanguageText,
  Metadata,
  OnlineResource,
  Resolution,
  TemporalExtent,
} from '@geoportal/contract/record';
import { type Region, regions } from '@geoportal/contract/regions';

/**
 * About 100 plausible demo records across Germany (DESIGN §3): geology, groundwater,
 * geothermal energy, soils, land use, protected areas and climate. They are generated from a
 * table of topic variants × German states plus a few national records, so the texts stay
 * natural while the list stays short to maintain. Everything is deterministic: the same list
 * on every start and in every test.
 *
 * Institution names are real; every e-mail address is on the reserved `.example` domain and
 * every phone number lies in the ranges the Bundesnetzagentur keeps free for fiction. Service
 * URLs are real only where the service is known to exist (BGR, Bayerisches Landesamt für
 * Umwelt, Deutscher Wetterdienst); all others point to `.example` hosts.
 */
export interface DemoRecord {
  type: 'dataset' | 'series' | 'service';
  state: ObjectState;
  /** Name of the demo account that owns the record. */
  owner: 'editor' | 'submitter';
  metadata: Metadata;
}

interface Agency {
  name: string;
  /** Host part of the fictional e-mail addresses and download links (`.example`). */
  host: string;
  /** The agency's real home page, where certain. */
  website?: string;
}

/** Fictional numbers: the Bundesnetzagentur keeps these blocks free for films and books. */
const phoneBlocks = [
  '+49 30 23125',
  '+49 69 90009',
  '+49 40 66969',
  '+49 221 4710',
  '+49 89 99998',
];

/** Geological surveys of the states (Staatliche Geologische Dienste). */
const surveys: Record<string, Agency> = {
  'DE-BW': {
    name: 'Landesamt für Geologie, Rohstoffe und Bergbau Baden-Württemberg',
    host: 'lgrb-bw.example',
    website: 'https://www.lgrb-bw.de',
  },
  'DE-BY': {
    name: 'Bayerisches Landesamt für Umwelt',
    host: 'lfu-bayern.example',
    website: 'https://www.lfu.bayern.de',
  },
  'DE-BE': {
    name: 'Senatsverwaltung für Stadtentwicklung, Bauen und Wohnen Berlin',
    host: 'stadtentwicklung-berlin.example',
  },
  'DE-BB': {
    name: 'Landesamt für Bergbau, Geologie und Rohstoffe Brandenburg',
    host: 'lbgr-brandenburg.example',
  },
  'DE-HB': { name: 'Geologischer Dienst für Bremen', host: 'gdfb-bremen.example' },
  'DE-HH': { name: 'Geologisches Landesamt Hamburg', host: 'geologie-hamburg.example' },
  'DE-HE': {
    name: 'Hessisches Landesamt für Naturschutz, Umwelt und Geologie',
    host: 'hlnug.example',
    website: 'https://www.hlnug.de',
  },
  'DE-MV': {
    name: 'Landesamt für Umwelt, Naturschutz und Geologie Mecklenburg-Vorpommern',
    host: 'lung-mv.example',
  },
  'DE-NI': {
    name: 'Landesamt für Bergbau, Energie und Geologie',
    host: 'lbeg-niedersachsen.example',
    website: 'https://www.lbeg.niedersachsen.de',
  },
  'DE-NW': { name: 'Geologischer Dienst Nordrhein-Westfalen', host: 'gd-nrw.example' },
  'DE-RP': { name: 'Landesamt für Geologie und Bergbau Rheinland-Pfalz', host: 'lgb-rlp.example' },
  'DE-SL': {
    name: 'Landesamt für Umwelt- und Arbeitsschutz Saarland',
    host: 'lua-saarland.example',
  },
  'DE-SN': {
    name: 'Sächsisches Landesamt für Umwelt, Landwirtschaft und Geologie',
    host: 'lfulg-sachsen.example',
  },
  'DE-ST': {
    name: 'Landesamt für Geologie und Bergwesen Sachsen-Anhalt',
    host: 'lagb-sachsen-anhalt.example',
  },
  'DE-SH': {
    name: 'Landesamt für Umwelt des Landes Schleswig-Holstein',
    host: 'lfu-sh.example',
  },
  'DE-TH': {
    name: 'Thüringer Landesamt für Umwelt, Bergbau und Naturschutz',
    host: 'tlubn-thueringen.example',
  },
};

/** Environment agencies of the states, where they differ from the survey. */
const environmentAgencies: Record<string, Agency> = {
  ...surveys,
  'DE-BW': {
    name: 'LUBW Landesanstalt für Umwelt Baden-Württemberg',
    host: 'lubw-bw.example',
    website: 'https://www.lubw.baden-wuerttemberg.de',
  },
  'DE-BE': {
    name: 'Senatsverwaltung für Mobilität, Verkehr, Klimaschutz und Umwelt Berlin',
    host: 'umwelt-berlin.example',
  },
  'DE-BB': { name: 'Landesamt für Umwelt Brandenburg', host: 'lfu-brandenburg.example' },
  'DE-HB': {
    name: 'Die Senatorin für Umwelt, Klima und Wissenschaft Bremen',
    host: 'umwelt-bremen.example',
  },
  'DE-HH': {
    name: 'Behörde für Umwelt, Klima, Energie und Agrarwirtschaft Hamburg',
    host: 'bukea-hamburg.example',
  },
  'DE-NI': {
    name: 'Niedersächsischer Landesbetrieb für Wasserwirtschaft, Küsten- und Naturschutz',
    host: 'nlwkn-niedersachsen.example',
  },
  'DE-NW': {
    name: 'Landesamt für Natur, Umwelt und Klima Nordrhein-Westfalen',
    host: 'lanuk-nrw.example',
  },
  'DE-RP': { name: 'Landesamt für Umwelt Rheinland-Pfalz', host: 'lfu-rlp.example' },
};

const federal = {
  bgr: {
    name: 'Bundesanstalt für Geowissenschaften und Rohstoffe',
    host: 'bgr.example',
    website: 'https://www.bgr.bund.de',
  },
  dwd: { name: 'Deutscher Wetterdienst', host: 'dwd.example', website: 'https://www.dwd.de' },
  bfn: { name: 'Bundesamt für Naturschutz', host: 'bfn.example', website: 'https://www.bfn.de' },
  uba: {
    name: 'Umweltbundesamt',
    host: 'uba.example',
    website: 'https://www.umweltbundesamt.de',
  },
  bkg: {
    name: 'Bundesamt für Kartographie und Geodäsie',
    host: 'bkg.example',
    website: 'https://www.bkg.bund.de',
  },
  liag: { name: 'Leibniz-Institut für Angewandte Geophysik', host: 'liag.example' },
} satisfies Record<string, Agency>;

/** A large city per state, for local records (approximate centre, WGS84). */
const cities: Record<string, { name: string; lon: number; lat: number }> = {
  'DE-BW': { name: 'Stuttgart', lon: 9.18, lat: 48.78 },
  'DE-BY': { name: 'München', lon: 11.58, lat: 48.14 },
  'DE-BE': { name: 'Berlin', lon: 13.4, lat: 52.52 },
  'DE-BB': { name: 'Potsdam', lon: 13.06, lat: 52.4 },
  'DE-HB': { name: 'Bremen', lon: 8.8, lat: 53.08 },
  'DE-HH': { name: 'Hamburg', lon: 9.99, lat: 53.55 },
  'DE-HE': { name: 'Frankfurt am Main', lon: 8.68, lat: 50.11 },
  'DE-MV': { name: 'Rostock', lon: 12.1, lat: 54.09 },
  'DE-NI': { name: 'Hannover', lon: 9.73, lat: 52.37 },
  'DE-NW': { name: 'Köln', lon: 6.96, lat: 50.94 },
  'DE-RP': { name: 'Mainz', lon: 8.27, lat: 50.0 },
  'DE-SL': { name: 'Saarbrücken', lon: 7.0, lat: 49.23 },
  'DE-SN': { name: 'Leipzig', lon: 12.37, lat: 51.34 },
  'DE-ST': { name: 'Magdeburg', lon: 11.63, lat: 52.13 },
  'DE-SH': { name: 'Kiel', lon: 10.14, lat: 54.32 },
  'DE-TH': { name: 'Erfurt', lon: 11.03, lat: 50.98 },
};

/** Fictional contact persons. */
const people = [
  'Dr. Anna Keller',
  'Jonas Brandt',
  'Miriam Hoffmann',
  'Dr. Tobias Lange',
  'Sabine Krüger',
  'Lukas Schäfer',
  'Petra Wolff',
  'Stefan Becker',
  'Dr. Leonie Vogt',
  'Martin Schulze',
];

/** States in the east lie in UTM zone 33. */
const zone33 = new Set(['DE-BE', 'DE-BB', 'DE-MV', 'DE-SN', 'DE-ST', 'DE-TH']);

/** What a variant's texts may use about the place. */
interface Place {
  de: string;
  /** "in Bayern", but "im Saarland". */
  inDe: string;
  /** "für Bayern", but "für das Saarland". */
  forDe: string;
  en: string;
  /** The city of a local record. */
  city: string;
}

interface Variant {
  slug: string;
  /** `environment` for records of the environment agency, else the geological survey. */
  agency: 'survey' | 'environment';
  local?: boolean;
  type?: 'dataset' | 'series';
  title: (p: Place) => LanguageText;
  abstract: (p: Place) => LanguageText;
  lineage: (p: Place) => LanguageText;
  keywords: string[];
  resolution?: Resolution;
  formats: Format[];
  temporal?: TemporalExtent;
  /** How many states carry this variant. */
  count: number;
}

interface Topic {
  topicCategories: string[];
  themes: string[];
  keywords: string[];
  variants: Variant[];
}

const gpkg: Format = { name: 'GeoPackage', version: '1.3' };
const shape: Format = { name: 'Shapefile' };
const gml: Format = { name: 'GML', version: '3.2.1' };
const tiff: Format = { name: 'GeoTIFF', version: '1.1' };
const csv: Format = { name: 'CSV' };
const netcdf: Format = { name: 'NetCDF', version: '4' };

const topics: Topic[] = [
  {
    topicCategories: ['geoscientificInformation'],
    themes: ['ge'],
    keywords: ['Geologie', 'Gesteinseinheiten'],
    variants: [
      {
        slug: 'gk50',
        agency: 'survey',
        count: 6,
        title: (p) => ({
          de: `Geologische Karte ${p.de} 1:50 000`,
          en: `Geological map of ${p.en} 1:50,000`,
        }),
        abstract: (p) => ({
          de: `Die Geologische Karte 1:50 000 zeigt die oberflächennahen Gesteinseinheiten ${p.inDe}, gegliedert nach Alter und Ausbildung, mit Störungen und Lagerungsverhältnissen. Sie ist die Grundlage für Planungen, Rohstoffsicherung und Baugrundfragen.`,
          en: `The geological map at 1:50,000 shows the near-surface rock units of ${p.en} by age and lithology, with faults and bedding. It is the basis for planning, the safeguarding of raw materials and questions of foundation engineering.`,
        }),
        lineage: () => ({
          de: 'Zusammengeführt aus den amtlichen Blattkartierungen 1:25 000, ergänzt um Bohrungen des Landesbohrarchivs, generalisiert und blattschnittfrei harmonisiert.',
          en: 'Compiled from the official 1:25,000 map sheets, supplemented by boreholes from the state borehole archive, generalised and harmonised across sheet edges.',
        }),
        keywords: ['Stratigraphie', 'Lithologie', 'geologische Kartierung'],
        resolution: { kind: 'scale', denominator: 50_000 },
        formats: [gpkg, shape],
      },
      {
        slug: 'bohrungen',
        agency: 'survey',
        count: 5,
        title: (p) => ({
          de: `Bohrungsdatenbank ${p.de}: Lage und Schichtenverzeichnisse`,
          en: `Borehole database of ${p.en}: locations and drilling logs`,
        }),
        abstract: (p) => ({
          de: `Lage, Endteufe, Bohrjahr und geologische Ansprache der im Bohrarchiv erfassten Bohrungen ${p.inDe}. Schichtenverzeichnisse von Bohrungen Dritter werden nach dem Geologiedatengesetz bereitgestellt, soweit sie als Fachdaten freigegeben sind.`,
          en: `Location, final depth, year and geological description of the boreholes recorded in the archive for ${p.en}. Logs of third-party boreholes are provided under the Geological Data Act where they have been released.`,
        }),
        lineage: () => ({
          de: 'Erfassung aus Bohranzeigen und Schichtenverzeichnissen seit 1900; Lagekoordinaten geprüft, Ansprache nach der Symbolschlüssel-Geologie vereinheitlicht.',
        }),
        keywords: ['Bohrungen', 'Schichtenverzeichnis', 'Geologiedatengesetz'],
        formats: [csv, gml],
      },
      {
        slug: 'baugrund',
        agency: 'survey',
        local: true,
        count: 4,
        title: (p) => ({
          de: `Ingenieurgeologische Baugrundkarte Raum ${p.city}`,
          en: `Engineering geological map of the ${p.city} area`,
        }),
        abstract: (p) => ({
          de: `Die Karte gliedert den Baugrund im Raum ${p.city} nach Tragfähigkeit, Setzungsempfindlichkeit und Grundwasserflurabstand und weist Bereiche mit Auffüllungen, Subrosion oder organischen Böden aus.`,
        }),
        lineage: (p) => ({
          de: `Auswertung von rund 4000 Bohrungen und Sondierungen im Stadtgebiet ${p.city}; interpoliert und mit der geologischen Karte abgeglichen.`,
        }),
        keywords: ['Baugrund', 'Ingenieurgeologie', 'Tragfähigkeit'],
        resolution: { kind: 'scale', denominator: 10_000 },
        formats: [gpkg],
      },
    ],
  },
  {
    topicCategories: ['geoscientificInformation', 'inlandWaters'],
    themes: ['hy', 'ge'],
    keywords: ['Grundwasser', 'Hydrogeologie'],
    variants: [
      {
        slug: 'hk50',
        agency: 'survey',
        count: 5,
        title: (p) => ({
          de: `Hydrogeologische Karte ${p.de} 1:50 000 – Grundwasserleitertypen`,
          en: `Hydrogeological map of ${p.en} 1:50,000 – aquifer types`,
        }),
        abstract: (p) => ({
          de: `Die Karte beschreibt die oberen Grundwasserleiter ${p.inDe} nach Hohlraumart (Poren, Kluft, Karst), Durchlässigkeit und Verfestigung sowie die Schutzfunktion der Deckschichten.`,
          en: `The map describes the upper aquifers of ${p.en} by type of void (pore, fissure, karst), permeability and consolidation, and the protective function of the covering layers.`,
        }),
        lineage: () => ({
          de: 'Abgeleitet aus der geologischen Karte 1:50 000, Pumpversuchen und Bohrungen; abgestimmt mit der Hydrogeologischen Übersichtskarte 1:250 000.',
          en: 'Derived from the geological map 1:50,000, pumping tests and boreholes; aligned with the hydrogeological overview map 1:250,000.',
        }),
        keywords: ['Grundwasserleiter', 'Durchlässigkeit', 'Deckschichten'],
        resolution: { kind: 'scale', denominator: 50_000 },
        formats: [gpkg, shape],
      },
      {
        slug: 'grundwasserstand',
        agency: 'environment',
        type: 'series',
        count: 6,
        title: (p) => ({
          de: `Grundwasserstände an den Landesmessstellen ${p.inDe}`,
          en: `Groundwater levels at the state monitoring wells in ${p.en}`,
        }),
        abstract: (p) => ({
          de: `Zeitreihen der Grundwasserstände an den Messstellen des Landesmessnetzes ${p.inDe}, in der Regel wöchentlich gemessen, an ausgewählten Messstellen mit Datenloggern stündlich. Die Reihe wird laufend fortgeschrieben.`,
          en: `Time series of groundwater levels at the monitoring wells of the state network in ${p.en}, usually measured weekly, at selected wells hourly by data loggers. The series is updated continuously.`,
        }),
        lineage: () => ({
          de: 'Manuelle Lichtlotmessungen und Datenlogger; plausibilisiert nach dem LAWA-Leitfaden Grundwasserstandsmessung.',
          en: 'Manual measurements with dip meters and data loggers; checked following the LAWA guideline on groundwater level measurement.',
        }),
        keywords: ['Grundwasserstand', 'Messstellen', 'Zeitreihe', 'Monitoring'],
        formats: [csv],
        temporal: { start: '1975-01-01' },
      },
      {
        slug: 'gwneubildung',
        agency: 'survey',
        count: 5,
        title: (p) => ({
          de: `Mittlere Grundwasserneubildung ${p.de} 1991–2020`,
          en: `Mean groundwater recharge in ${p.en} 1991–2020`,
        }),
        abstract: (p) => ({
          de: `Rasterdaten der mittleren jährlichen Grundwasserneubildung aus Niederschlag ${p.inDe} für die Klimanormalperiode 1991–2020, berechnet mit einem Bodenwasserhaushaltsmodell.`,
        }),
        lineage: () => ({
          de: 'Modellierung mit mGROWA auf Basis von DWD-Klimadaten, Landnutzung und Bodenkarte; Validierung an Abflussmessungen.',
        }),
        keywords: ['Grundwasserneubildung', 'Wasserhaushalt', 'Rasterdaten'],
        resolution: { kind: 'distance', value: 100, unit: 'm' },
        formats: [tiff],
        temporal: { start: '1991-01-01', end: '2020-12-31' },
      },
    ],
  },
  {
    topicCategories: ['geoscientificInformation'],
    themes: ['er', 'ge'],
    keywords: ['Geothermie', 'Erdwärme'],
    variants: [
      {
        slug: 'ews-eignung',
        agency: 'survey',
        count: 6,
        title: (p) => ({
          de: `Standorteignung für Erdwärmesonden ${p.inDe}`,
          en: `Site suitability for borehole heat exchangers in ${p.en}`,
        }),
        abstract: (p) => ({
          de: `Die Karte bewertet Flächen ${p.inDe} nach hydrogeologischen und wasserrechtlichen Einschränkungen für Erdwärmesonden bis 100 m Tiefe: zulässig, zulässig mit Auflagen, Einzelfallprüfung oder unzulässig (etwa in Wasserschutzgebieten).`,
          en: `The map rates land in ${p.en} by hydrogeological and water-law restrictions for borehole heat exchangers down to 100 m: permitted, permitted with conditions, case-by-case review or not permitted (for example in water protection zones).`,
        }),
        lineage: () => ({
          de: 'Verschnitt der hydrogeologischen Karte, der Wasserschutzgebiete und bekannter Risikobereiche (Sulfatgestein, artesisches Grundwasser, Gasvorkommen).',
          en: 'Overlay of the hydrogeological map, water protection zones and known risk areas (sulphate rock, artesian groundwater, gas occurrences).',
        }),
        keywords: ['Erdwärmesonden', 'oberflächennahe Geothermie', 'Wärmepumpe'],
        resolution: { kind: 'scale', denominator: 50_000 },
        formats: [gpkg],
      },
      {
        slug: 'waermeentzug',
        agency: 'survey',
        local: true,
        count: 5,
        title: (p) => ({
          de: `Spezifische Wärmeentzugsleistung des Untergrunds im Raum ${p.city}`,
          en: `Specific heat extraction rate of the subsurface around ${p.city}`,
        }),
        abstract: (p) => ({
          de: `Mittlere spezifische Wärmeentzugsleistung in W/m für Erdwärmesonden bis 100 m Tiefe im Raum ${p.city} bei 1800 Jahresbetriebsstunden, abgeleitet aus Wärmeleitfähigkeit und Schichtenfolge.`,
          en: `Mean specific heat extraction rate in W/m for borehole heat exchangers down to 100 m around ${p.city} at 1800 operating hours a year, derived from thermal conductivity and layer sequence.`,
        }),
        lineage: () => ({
          de: 'Wärmeleitfähigkeiten nach VDI 4640 den Schichten eines 3D-Untergrundmodells zugeordnet und über die Sondenlänge gemittelt.',
        }),
        keywords: ['Wärmeleitfähigkeit', 'Entzugsleistung', 'VDI 4640'],
        resolution: { kind: 'distance', value: 50, unit: 'm' },
        formats: [tiff],
      },
    ],
  },
  {
    topicCategories: ['geoscientificInformation', 'environment'],
    themes: ['so'],
    keywords: ['Boden', 'Bodenschutz'],
    variants: [
      {
        slug: 'bk50',
        agency: 'survey',
        count: 5,
        title: (p) => ({ de: `Bodenkarte ${p.de} 1:50 000`, en: `Soil map of ${p.en} 1:50,000` }),
        abstract: (p) => ({
          de: `Die Bodenkarte 1:50 000 beschreibt die Böden ${p.inDe} mit Bodentyp, Bodenart, Ausgangsgestein und Horizontabfolge. Zu jeder Kartiereinheit gibt es Leitprofile mit Kennwerten.`,
          en: `The soil map at 1:50,000 describes the soils of ${p.en} by soil type, texture, parent material and horizon sequence, with reference profiles and parameters for every map unit.`,
        }),
        lineage: () => ({
          de: 'Bodenkundliche Landesaufnahme mit Bohrstocksondierungen und Profilgruben; Ableitung nach der Bodenkundlichen Kartieranleitung KA5.',
          en: 'State soil survey with auger probes and soil pits; classification after the German soil mapping guideline KA5.',
        }),
        keywords: ['Bodenkarte', 'Bodentyp', 'Bodenart', 'KA5'],
        resolution: { kind: 'scale', denominator: 50_000 },
        formats: [gpkg, shape],
      },
      {
        slug: 'bodenfunktionen',
        agency: 'environment',
        count: 5,
        title: (p) => ({
          de: `Bodenfunktionsbewertung ${p.de}: Ertragsfähigkeit und Filterfunktion`,
          en: `Soil function assessment for ${p.en}: fertility and filter function`,
        }),
        abstract: (p) => ({
          de: `Bewertung der natürlichen Bodenfunktionen nach Bundes-Bodenschutzgesetz ${p.inDe}: natürliche Ertragsfähigkeit, Filter und Puffer für Schadstoffe sowie Ausgleichskörper im Wasserkreislauf, jeweils in fünf Stufen.`,
        }),
        lineage: () => ({
          de: 'Berechnet aus der Bodenkarte 1:50 000 und der Bodenschätzung nach dem Leitfaden zur Bewertung von Böden nach ihrer Leistungsfähigkeit.',
        }),
        keywords: ['Bodenfunktionen', 'Ertragsfähigkeit', 'Filterfunktion', 'BBodSchG'],
        resolution: { kind: 'scale', denominator: 50_000 },
        formats: [gpkg],
      },
    ],
  },
  {
    topicCategories: ['planningCadastre', 'environment'],
    themes: ['lu', 'lc'],
    keywords: ['Landnutzung', 'Flächennutzung'],
    variants: [
      {
        slug: 'landbedeckung',
        agency: 'environment',
        count: 5,
        title: (p) => ({
          de: `Landbedeckung und Landnutzung ${p.de} 2021`,
          en: `Land cover and land use in ${p.en} 2021`,
        }),
        abstract: (p) => ({
          de: `Flächendeckende Klassifikation von Landbedeckung und Landnutzung ${p.inDe} aus Sentinel-2-Aufnahmen des Jahres 2021 in 14 Klassen, abgestimmt mit dem amtlichen Liegenschaftskataster.`,
          en: `Area-wide classification of land cover and land use in ${p.en} from Sentinel-2 imagery of 2021 in 14 classes, reconciled with the official cadastre.`,
        }),
        lineage: () => ({
          de: 'Überwachte Klassifikation von Sentinel-2-Zeitreihen; Nachbearbeitung mit ATKIS Basis-DLM; Genauigkeit an 2000 Referenzpunkten geprüft.',
          en: 'Supervised classification of Sentinel-2 time series; post-processing with ATKIS Basis-DLM; accuracy checked at 2000 reference points.',
        }),
        keywords: ['Landbedeckung', 'Sentinel-2', 'Fernerkundung'],
        resolution: { kind: 'distance', value: 10, unit: 'm' },
        formats: [tiff],
        temporal: { start: '2021-01-01', end: '2021-12-31' },
      },
      {
        slug: 'versiegelung',
        agency: 'environment',
        count: 5,
        title: (p) => ({
          de: `Bodenversiegelung ${p.inDe}`,
          en: `Soil sealing in ${p.en}`,
        }),
        abstract: (p) => ({
          de: `Anteil versiegelter Fläche je Rasterzelle ${p.inDe}. Die Daten dienen dem Flächensparziel der Nachhaltigkeitsstrategie und der Bewertung von Starkregenrisiken.`,
        }),
        lineage: () => ({
          de: 'Abgeleitet aus Orthophotos und dem Liegenschaftskataster; Versiegelungsgrade je Nutzungsart nach Landesmethodik.',
        }),
        keywords: ['Versiegelung', 'Flächenverbrauch', 'Siedlungsfläche'],
        resolution: { kind: 'distance', value: 20, unit: 'm' },
        formats: [tiff, gpkg],
        temporal: { start: '2018-01-01', end: '2018-12-31' },
      },
    ],
  },
  {
    topicCategories: ['environment', 'biota'],
    themes: ['ps'],
    keywords: ['Schutzgebiete', 'Naturschutz'],
    variants: [
      {
        slug: 'nsg',
        agency: 'environment',
        count: 5,
        title: (p) => ({ de: `Naturschutzgebiete ${p.inDe}`, en: `Nature reserves in ${p.en}` }),
        abstract: (p) => ({
          de: `Abgrenzungen der rechtskräftig ausgewiesenen Naturschutzgebiete ${p.inDe} mit Name, Verordnungsdatum und Fläche.`,
          en: `Boundaries of the legally designated nature reserves in ${p.en} with name, date of the ordinance and area.`,
        }),
        lineage: () => ({
          de: 'Digitalisiert aus den Verordnungskarten der Naturschutzbehörden; laufende Fortführung bei neuen Verordnungen.',
          en: 'Digitised from the maps of the ordinances of the nature conservation authorities; updated with every new ordinance.',
        }),
        keywords: ['Naturschutzgebiet', 'Verordnung'],
        resolution: { kind: 'scale', denominator: 5000 },
        formats: [gpkg, shape],
      },
      {
        slug: 'natura2000',
        agency: 'environment',
        count: 5,
        title: (p) => ({
          de: `Natura 2000: FFH- und Vogelschutzgebiete ${p.inDe}`,
          en: `Natura 2000: habitats and birds directive sites in ${p.en}`,
        }),
        abstract: (p) => ({
          de: `Gebiete von gemeinschaftlicher Bedeutung nach der FFH-Richtlinie und Europäische Vogelschutzgebiete ${p.inDe}, wie sie an die Europäische Kommission gemeldet sind.`,
          en: `Sites of community importance under the habitats directive and special protection areas under the birds directive in ${p.en}, as reported to the European Commission.`,
        }),
        lineage: () => ({
          de: 'Gemeldete Gebietsgrenzen, abgeglichen mit den Standarddatenbögen; Lagegenauigkeit 1:10 000.',
        }),
        keywords: ['Natura 2000', 'FFH-Gebiet', 'Vogelschutzgebiet'],
        resolution: { kind: 'scale', denominator: 10_000 },
        formats: [gml, gpkg],
      },
      {
        slug: 'wsg',
        agency: 'environment',
        count: 5,
        title: (p) => ({
          de: `Wasserschutzgebiete ${p.inDe}`,
          en: `Water protection zones in ${p.en}`,
        }),
        abstract: (p) => ({
          de: `Festgesetzte und geplante Trinkwasser- und Heilquellenschutzgebiete ${p.inDe} mit ihren Schutzzonen I bis III.`,
          en: `Designated and planned drinking water and medicinal spring protection zones in ${p.en} with their protection zones I to III.`,
        }),
        lineage: () => ({
          de: 'Aus den Schutzgebietsverordnungen der Wasserbehörden übernommen und mit dem Liegenschaftskataster abgeglichen.',
        }),
        keywords: ['Wasserschutzgebiet', 'Trinkwasser', 'Grundwasserschutz'],
        resolution: { kind: 'scale', denominator: 5000 },
        formats: [gpkg],
      },
    ],
  },
  {
    topicCategories: ['climatologyMeteorologyAtmosphere'],
    themes: ['ac', 'mf'],
    keywords: ['Klima', 'Klimawandel'],
    variants: [
      {
        slug: 'temperatur',
        agency: 'environment',
        count: 5,
        title: (p) => ({
          de: `Mittlere Jahrestemperatur ${p.de} 1991–2020`,
          en: `Mean annual air temperature in ${p.en} 1991–2020`,
        }),
        abstract: (p) => ({
          de: `Rasterdaten der mittleren Lufttemperatur in 2 m Höhe ${p.forDe} in der Klimanormalperiode 1991–2020, mit Abweichung zur Referenzperiode 1961–1990.`,
          en: `Gridded mean air temperature at 2 m for ${p.en} in the climate normal period 1991–2020, with the deviation from the 1961–1990 reference period.`,
        }),
        lineage: () => ({
          de: 'Regionalisiert aus Stationsdaten des Deutschen Wetterdienstes mit höhenabhängiger Regression und Residueninterpolation.',
          en: 'Regionalised from station data of the Deutscher Wetterdienst by height-dependent regression and interpolation of residuals.',
        }),
        keywords: ['Lufttemperatur', 'Klimanormalperiode', 'Rasterdaten'],
        resolution: { kind: 'distance', value: 1, unit: 'km' },
        formats: [tiff, netcdf],
        temporal: { start: '1991-01-01', end: '2020-12-31' },
      },
      {
        slug: 'heisse-tage',
        agency: 'environment',
        count: 5,
        title: (p) => ({
          de: `Klimaprojektionen ${p.forDe}: Anzahl heißer Tage`,
          en: `Climate projections for ${p.en}: number of hot days`,
        }),
        abstract: (p) => ({
          de: `Projizierte Änderung der jährlichen Anzahl heißer Tage (Tageshöchsttemperatur ab 30 °C) ${p.inDe} für die Zeiträume 2021–2050 und 2071–2100 im Szenario RCP8.5, als Median eines Modellensembles.`,
          en: `Projected change in the annual number of hot days (maximum temperature of 30 °C or more) in ${p.en} for 2021–2050 and 2071–2100 under RCP8.5, as the median of a model ensemble.`,
        }),
        lineage: () => ({
          de: 'Ensemble regionaler Klimamodelle (EURO-CORDEX), biasadjustiert und auf 5 km regionalisiert.',
        }),
        keywords: ['Klimaprojektion', 'heiße Tage', 'Hitze', 'RCP8.5'],
        resolution: { kind: 'distance', value: 5, unit: 'km' },
        formats: [netcdf],
        temporal: { start: '2021-01-01', end: '2100-12-31' },
      },
      {
        slug: 'stadtklima',
        agency: 'environment',
        local: true,
        count: 4,
        title: (p) => ({
          de: `Stadtklimaanalyse ${p.city}`,
          en: `Urban climate analysis of ${p.city}`,
        }),
        abstract: (p) => ({
          de: `Die Stadtklimaanalyse zeigt nächtliche Überwärmung, Kaltluftentstehungsgebiete und Luftleitbahnen in ${p.city} und gibt Planungshinweise für die Anpassung an Hitze.`,
        }),
        lineage: () => ({
          de: 'Modellierung einer austauscharmen Sommernacht mit FITNAH-3D; Validierung an Messfahrten.',
        }),
        keywords: ['Stadtklima', 'Kaltluft', 'Hitzevorsorge'],
        resolution: { kind: 'distance', value: 10, unit: 'm' },
        formats: [tiff, gpkg],
        temporal: { start: '2019-06-01', end: '2019-08-31' },
      },
    ],
  },
];

/** A small deterministic random source (mulberry32), so the list is the same every time. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
type Random = ReturnType<typeof random>;
const pick = <T>(rnd: Random, items: readonly T[]): T =>
  items[Math.floor(rnd() * items.length)] as T;
const round = (n: number, digits = 3) => Math.round(n * 10 ** digits) / 10 ** digits;

const states = regions.filter((r) => r.kind === 'state');
const germany = regions.find((r) => r.code === 'DE') as Region;

/** A box of about 25 × 20 km around the state's city, inside the state's box. */
function localBox(state: Region): BoundingBox {
  const city = cities[state.code] as { lon: number; lat: number };
  const b = state.bbox;
  return {
    west: round(Math.max(b.west, city.lon - 0.18)),
    south: round(Math.max(b.south, city.lat - 0.1)),
    east: round(Math.min(b.east, city.lon + 0.18)),
    north: round(Math.min(b.north, city.lat + 0.1)),
  };
}

const pad = (n: number) => String(n).padStart(2, '0');
const date = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`;

/** Creation 2005–2018, publication within two years, a revision for most, none after 2026. */
function recordDates(rnd: Random) {
  const created = 2005 + Math.floor(rnd() * 14);
  const published = created + Math.floor(rnd() * 3);
  const revised = Math.min(2026, published + 1 + Math.floor(rnd() * 9));
  const day = () => 1 + Math.floor(rnd() * 28);
  const month = () => 1 + Math.floor(rnd() * 12);
  return {
    creation: date(created, month(), day()),
    publication: date(published, month(), day()),
    ...(rnd() < 0.7
      ? { revision: date(revised, revised === 2026 ? 1 + Math.floor(rnd() * 6) : month(), day()) }
      : {}),
  };
}

function contactsOf(agency: Agency, rnd: Random, index: number): Contact[] {
  const phone = `${pick(rnd, phoneBlocks)} ${String(100 + (index % 900)).padStart(3, '0')}`;
  const person = pick(rnd, people);
  const contacts: Contact[] = [
    {
      organisation: agency.name,
      ...(rnd() < 0.5 ? { person } : {}),
      email: `geodaten@${agency.host}`,
      phone,
      role: 'pointOfContact',
    },
  ];
  if (rnd() < 0.5)
    contacts.push({
      organisation: agency.name,
      role: pick(rnd, ['custodian', 'owner', 'publisher'] as const),
    });
  return contacts;
}

/** Mostly Datenlizenz Deutschland (by and zero), some CC BY 4.0. */
function licenceOf(rnd: Random, agency: Agency, year: string) {
  const roll = rnd();
  const licence = roll < 0.6 ? 'dl-de-by-2.0' : roll < 0.9 ? 'dl-de-zero-2.0' : 'cc-by-4.0';
  const useConstraints: LanguageText =
    licence === 'dl-de-zero-2.0'
      ? {
          de: 'Datenlizenz Deutschland – Zero – Version 2.0; die Nutzung ist ohne Einschränkungen und ohne Quellenvermerk zulässig.',
          en: 'Data licence Germany – Zero – version 2.0; use is permitted without restrictions and without attribution.',
        }
      : {
          de: `Quellenvermerk: © ${agency.name} (${year}), ${licence === 'cc-by-4.0' ? 'CC BY 4.0' : 'Datenlizenz Deutschland – Namensnennung – Version 2.0'}`,
        };
  return { licence, useConstraints };
}

const openAccess: LanguageText = {
  de: 'Es gelten keine Zugriffsbeschränkungen.',
  en: 'No limitations on public access.',
};

const withoutEnglish = (text: LanguageText): LanguageText => ({ de: text.de });

interface Draft {
  type: DemoRecord['type'];
  metadata: Metadata;
}

function stateRecords(): Draft[] {
  const drafts: Draft[] = [];
  let variantIndex = 0;
  for (const topic of topics) {
    for (const variant of topic.variants) {
      for (let k = 0; k < variant.count; k++) {
        // Spread the variants over the states: each variant starts elsewhere and strides by 5
        // (coprime to 16), so the states get an even share of the topics.
        const state = states[(variantIndex * 3 + k * 5) % states.length] as Region;
        const index = drafts.length;
        const rnd = random(1000 + index);
        const agency = (variant.agency === 'survey' ? surveys : environmentAgencies)[
          state.code
        ] as Agency;
        const city = (cities[state.code] as { name: string }).name;
        const withArticle = state.code === 'DE-SL';
        const place: Place = {
          de: state.labels.de,
          inDe: withArticle ? `im ${state.labels.de}` : `in ${state.labels.de}`,
          forDe: withArticle ? `für das ${state.labels.de}` : `für ${state.labels.de}`,
          en: state.labels.en,
          city,
        };
        // About one record in five has German texts only, as many records of the states do.
        const germanOnly = index % 5 === 2;
        const text = (t: LanguageText) => (germanOnly ? withoutEnglish(t) : t);
        const dates = recordDates(rnd);
        const { licence, useConstraints } = licenceOf(rnd, agency, dates.publication.slice(0, 4));
        const slug = `${variant.slug}-${state.code.slice(3).toLowerCase()}`;
        const online: OnlineResource[] = [];
        // About a third carry links: a download, often a WMS, and the agency's site.
        if (index % 3 === 0) {
          online.push({
            url: `https://daten.${agency.host}/download/${slug}.zip`,
            protocol: 'download',
            name: `${(variant.formats[0] as Format).name}-Download`,
          });
          if (index % 2 === 0) {
            online.push({
              url: `https://geodienste.${agency.host}/wms/${variant.slug}`,
              protocol: 'wms',
              name: 'Darstellungsdienst (WMS)',
              layer: variant.slug,
            });
          }
          if (agency.website)
            online.push({ url: agency.website, protocol: 'website', name: agency.name });
        }
        drafts.push({
          type: variant.type ?? 'dataset',
          metadata: {
            title: text(variant.title(place)),
            abstract: text(variant.abstract(place)),
            identifier: `https://registry.${agency.host}/id/${slug}`,
            topicCategories: topic.topicCategories,
            keywords: [...topic.keywords, ...variant.keywords, state.labels.de],
            classifiedKeywords: topic.themes.map((code) => ({
              classification: 'inspireTheme',
              code,
            })),
            extent: variant.local ? localBox(state) : state.bbox,
            ...(variant.temporal ? { temporalExtent: variant.temporal } : {}),
            dates,
            contacts: contactsOf(agency, rnd, index),
            licence,
            useConstraints,
            accessConstraints: openAccess,
            referenceSystem: zone33.has(state.code) ? 'EPSG:25833' : 'EPSG:25832',
            ...(variant.resolution ? { resolution: variant.resolution } : {}),
            formats: variant.formats,
            ...(online.length > 0 ? { onlineResources: online } : {}),
            lineage: text(variant.lineage(place)),
          },
        });
      }
      variantIndex += 1;
    }
  }
  return drafts;
}

/** National records of the federal agencies, with real service URLs where certain. */
function nationalRecords(): Draft[] {
  const de = germany.bbox;
  const base = (
    agency: Agency,
    index: number,
    fields: Omit<Metadata, 'contacts' | 'dates' | 'accessConstraints'>,
  ): Metadata => {
    const rnd = random(5000 + index);
    return {
      extent: de,
      ...fields,
      dates: recordDates(rnd),
      contacts: contactsOf(agency, rnd, 500 + index),
      accessConstraints: openAccess,
    };
  };
  const website = (agency: Agency): OnlineResource[] =>
    agency.website ? [{ url: agency.website, protocol: 'website', name: agency.name }] : [];
  return [
    {
      type: 'dataset',
      metadata: base(federal.bgr, 0, {
        title: {
          de: 'Geologische Übersichtskarte der Bundesrepublik Deutschland 1:250 000 (GÜK250)',
          en: 'Geological overview map of the Federal Republic of Germany 1:250,000 (GÜK250)',
        },
        abstract: {
          de: 'Die GÜK250 stellt die Geologie Deutschlands blattschnittfrei im Maßstab 1:250 000 dar. Sie wurde gemeinsam mit den Staatlichen Geologischen Diensten der Länder erarbeitet.',
          en: 'The GÜK250 shows the geology of Germany seamlessly at 1:250,000. It was compiled together with the geological surveys of the federal states.',
        },
        topicCategories: ['geoscientificInformation'],
        keywords: ['Geologie', 'Übersichtskarte', 'Deutschland'],
        classifiedKeywords: [{ classification: 'inspireTheme', code: 'ge' }],
        licence: 'dl-de-by-2.0',
        referenceSystem: 'EPSG:25832',
        resolution: { kind: 'scale', denominator: 250_000 },
        formats: [shape, gml],
        onlineResources: website(federal.bgr),
        lineage: {
          de: 'Harmonisiert aus den geologischen Übersichtskarten der Länder; gemeinsame Legende der Staatlichen Geologischen Dienste.',
          en: 'Harmonised from the geological overview maps of the states; common legend of the state geological surveys.',
        },
      }),
    },
    {
      type: 'dataset',
      metadata: base(federal.bgr, 1, {
        title: {
          de: 'Hydrogeologische Übersichtskarte von Deutschland 1:250 000 (HÜK250)',
          en: 'Hydrogeological overview map of Germany 1:250,000 (HÜK250)',
        },
        abstract: {
          de: 'Die HÜK250 beschreibt die hydrogeologischen Eigenschaften der oberen, großräumig zusammenhängenden Grundwasserleiter in Deutschland, die wasserwirtschaftlich genutzt werden.',
          en: 'The HÜK250 describes the hydrogeological properties of the upper, extensive aquifers in Germany that are used for water management.',
        },
        topicCategories: ['geoscientificInformation', 'inlandWaters'],
        keywords: ['Grundwasser', 'Hydrogeologie', 'Grundwasserleiter', 'Deutschland'],
        classifiedKeywords: [
          { classification: 'inspireTheme', code: 'hy' },
          { classification: 'inspireTheme', code: 'ge' },
        ],
        licence: 'dl-de-by-2.0',
        referenceSystem: 'EPSG:25832',
        resolution: { kind: 'scale', denominator: 250_000 },
        formats: [shape],
        lineage: {
          de: 'Gemeinschaftsprojekt der Staatlichen Geologischen Dienste unter Federführung der BGR seit 2000.',
        },
      }),
    },
    {
      type: 'dataset',
      metadata: base(federal.bgr, 2, {
        title: {
          de: 'Bodenübersichtskarte der Bundesrepublik Deutschland 1:200 000 (BÜK200)',
          en: 'Soil overview map of the Federal Republic of Germany 1:200,000 (BÜK200)',
        },
        abstract: {
          de: 'Die BÜK200 beschreibt die Böden Deutschlands mit Leitbodenformen und Begleitböden je Legendeneinheit; sie ist über einen WFS der BGR abrufbar.',
          en: 'The BÜK200 describes the soils of Germany with dominant and associated soils per legend unit; it is available through a WFS of the BGR.',
        },
        topicCategories: ['geoscientificInformation', 'environment'],
        keywords: ['Boden', 'Bodenübersichtskarte', 'Deutschland'],
        classifiedKeywords: [{ classification: 'inspireTheme', code: 'so' }],
        licence: 'dl-de-by-2.0',
        referenceSystem: 'EPSG:25832',
        resolution: { kind: 'scale', denominator: 200_000 },
        formats: [shape, gml],
        onlineResources: [
          {
            url: 'https://services.bgr.de/wfs/boden/buek200',
            protocol: 'wfs',
            name: 'WFS BÜK200',
          },
          ...website(federal.bgr),
        ],
        lineage: {
          de: 'Blattweise erarbeitet von BGR und Staatlichen Geologischen Diensten, anschließend blattschnittfrei zusammengeführt.',
          en: 'Compiled sheet by sheet by BGR and the state geological surveys, then merged seamlessly.',
        },
      }),
    },
    {
      type: 'dataset',
      metadata: base(federal.liag, 3, {
        title: {
          de: 'Untergrundtemperatur in 2000 m Tiefe in Deutschland',
          en: 'Subsurface temperature at 2000 m depth in Germany',
        },
        abstract: {
          de: 'Modellierte Temperaturverteilung in 2000 m Tiefe als Grundlage für die Erkundung der tiefen Geothermie, etwa im Oberrheingraben, im Molassebecken und im Norddeutschen Becken.',
          en: 'Modelled temperature distribution at 2000 m depth as a basis for exploring deep geothermal energy, for example in the Upper Rhine Graben, the Molasse Basin and the North German Basin.',
        },
        topicCategories: ['geoscientificInformation'],
        keywords: ['tiefe Geothermie', 'Untergrundtemperatur', 'Deutschland'],
        classifiedKeywords: [{ classification: 'inspireTheme', code: 'er' }],
        licence: 'cc-by-4.0',
        referenceSystem: 'EPSG:4258',
        resolution: { kind: 'distance', value: 2, unit: 'km' },
        formats: [tiff],
        lineage: {
          de: 'Interpolation von Temperaturmessungen in Bohrungen mit einem 3D-Modell der Wärmeleitfähigkeit.',
          en: 'Interpolation of temperature measurements in boreholes with a 3D model of thermal conductivity.',
        },
      }),
    },
    {
      type: 'dataset',
      metadata: base(federal.bfn, 4, {
        title: {
          de: 'Nationalparke, Biosphärenreservate und Naturparke in Deutschland',
          en: 'National parks, biosphere reserves and nature parks in Germany',
        },
        abstract: {
          de: 'Grenzen der Großschutzgebiete in Deutschland, zusammengestellt aus den Meldungen der Länder.',
          en: 'Boundaries of the large protected areas in Germany, compiled from the reports of the states.',
        },
        topicCategories: ['environment', 'biota'],
        keywords: ['Schutzgebiete', 'Nationalpark', 'Biosphärenreservat', 'Naturpark'],
        classifiedKeywords: [{ classification: 'inspireTheme', code: 'ps' }],
        licence: 'dl-de-by-2.0',
        referenceSystem: 'EPSG:25832',
        resolution: { kind: 'scale', denominator: 25_000 },
        formats: [shape],
        onlineResources: [
          {
            url: 'https://geodienste.bfn.example/ogc/wmts/schutzgebiete',
            protocol: 'wmts',
            name: 'Kachel-Darstellungsdienst (WMTS)',
            layer: 'grossschutzgebiete',
          },
          ...website(federal.bfn),
        ],
        lineage: { de: 'Jährliche Zusammenführung der Ländermeldungen durch das BfN.' },
      }),
    },
    {
      type: 'dataset',
      metadata: base(federal.bkg, 5, {
        title: {
          de: 'CORINE Land Cover 5 ha, Stand 2018 (CLC5-2018)',
          en: 'CORINE Land Cover 5 ha, status 2018 (CLC5-2018)',
        },
        abstract: {
          de: 'Landbedeckung Deutschlands nach der CORINE-Nomenklatur mit einer Mindestkartierfläche von 5 ha, abgeleitet aus dem Digitalen Landbedeckungsmodell.',
          en: 'Land cover of Germany after the CORINE nomenclature with a minimum mapping unit of 5 ha, derived from the digital land cover model.',
        },
        topicCategories: ['imageryBaseMapsEarthCover', 'planningCadastre'],
        keywords: ['Landbedeckung', 'CORINE', 'Deutschland'],
        classifiedKeywords: [
          { classification: 'inspireTheme', code: 'lc' },
          { classification: 'inspireTheme', code: 'lu' },
        ],
        licence: 'dl-de-by-2.0',
        referenceSystem: 'EPSG:25832',
        resolution: { kind: 'scale', denominator: 100_000 },
        formats: [gpkg, shape],
        temporalExtent: { start: '2018-01-01', end: '2018-12-31' },
        onlineResources: website(federal.bkg),
        lineage: {
          de: 'Generalisiert aus dem Landbedeckungsmodell LBM-DE 2018 im Auftrag des Umweltbundesamtes.',
          en: 'Generalised from the land cover model LBM-DE 2018 on behalf of the German Environment Agency.',
        },
      }),
    },
    {
      type: 'dataset',
      metadata: base(federal.uba, 6, {
        title: {
          de: 'Flächeninanspruchnahme für Siedlung und Verkehr in Deutschland',
          en: 'Land take for settlements and transport in Germany',
        },
        abstract: {
          de: 'Tägliche Zunahme der Siedlungs- und Verkehrsfläche je Land als gleitendes Vierjahresmittel, Indikator der Deutschen Nachhaltigkeitsstrategie.',
        },
        topicCategories: ['planningCadastre', 'environment'],
        keywords: ['Flächenverbrauch', 'Nachhaltigkeitsindikator', 'Deutschland'],
        classifiedKeywords: [{ classification: 'inspireTheme', code: 'lu' }],
        licence: 'dl-de-zero-2.0',
        referenceSystem: 'EPSG:4258',
        formats: [csv],
        temporalExtent: { start: '1992-01-01', end: '2023-12-31' },
        onlineResources: website(federal.uba),
        lineage: { de: 'Berechnet aus der Flächenerhebung nach Art der tatsächlichen Nutzung.' },
      }),
    },
    {
      type: 'dataset',
      metadata: base(federal.dwd, 7, {
        title: {
          de: 'Rasterdaten der jährlichen Niederschlagshöhe für Deutschland',
          en: 'Gridded annual precipitation for Germany',
        },
        abstract: {
          de: 'Jährliche Niederschlagshöhe in mm auf einem 1-km-Raster für Deutschland ab 1881, regionalisiert aus den Messungen der Niederschlagsstationen.',
          en: 'Annual precipitation in mm on a 1 km grid for Germany since 1881, regionalised from measurements at precipitation stations.',
        },
        topicCategories: ['climatologyMeteorologyAtmosphere'],
        keywords: ['Niederschlag', 'Klima', 'Rasterdaten', 'Deutschland'],
        classifiedKeywords: [
          { classification: 'inspireTheme', code: 'ac' },
          { classification: 'inspireTheme', code: 'mf' },
        ],
        licence: 'cc-by-4.0',
        referenceSystem: 'EPSG:31467',
        resolution: { kind: 'distance', value: 1, unit: 'km' },
        formats: [{ name: 'ESRI ASCII Grid' }],
        temporalExtent: { start: '1881-01-01' },
        onlineResources: [
          {
            url: 'https://opendata.dwd.de/climate_environment/CDC/grids_germany/annual/precipitation/',
            protocol: 'download',
            name: 'Climate Data Center',
          },
          ...website(federal.dwd),
        ],
        lineage: {
          de: 'Regionalisierung der Stationswerte mit dem Verfahren REGNIE und Hintergrundfeldern.',
          en: 'Regionalisation of station values with the REGNIE method and background fields.',
        },
      }),
    },
    {
      type: 'series',
      metadata: base(federal.dwd, 8, {
        title: {
          de: 'Stündliche Stationsmessungen der Lufttemperatur in Deutschland',
          en: 'Hourly station measurements of air temperature in Germany',
        },
        abstract: {
          de: 'Stündliche Werte der Lufttemperatur und relativen Feuchte an den Stationen des DWD, als Reihe je Station mit historischen und aktuellen Daten.',
          en: 'Hourly air temperature and relative humidity at the DWD stations, as one series per station with historical and recent data.',
        },
        topicCategories: ['climatologyMeteorologyAtmosphere'],
        keywords: ['Lufttemperatur', 'Stationsdaten', 'Messnetz'],
        classifiedKeywords: [
          { classification: 'inspireTheme', code: 'mf' },
          { classification: 'inspireTheme', code: 'ef' },
        ],
        licence: 'cc-by-4.0',
        referenceSystem: 'EPSG:4326',
        formats: [csv],
        temporalExtent: { start: '1893-01-01' },
        onlineResources: [
          {
            url: 'https://opendata.dwd.de/climate_environment/CDC/observations_germany/climate/hourly/air_temperature/',
            protocol: 'download',
            name: 'Climate Data Center',
          },
        ],
        lineage: {
          de: 'Qualitätsgeprüfte Messwerte des Stationsnetzes; Routinekontrolle und manuelle Prüfung.',
        },
      }),
    },
    {
      type: 'service',
      metadata: base(federal.dwd, 9, {
        title: {
          de: 'Darstellungsdienst des Deutschen Wetterdienstes (WMS)',
          en: 'View service of the Deutscher Wetterdienst (WMS)',
        },
        abstract: {
          de: 'Der GeoServer des DWD stellt Warnungen, Beobachtungen, Analysen und Klimakarten als Web Map Service bereit.',
          en: 'The DWD GeoServer provides warnings, observations, analyses and climate maps as a web map service.',
        },
        topicCategories: ['climatologyMeteorologyAtmosphere'],
        keywords: ['Darstellungsdienst', 'Wetter', 'Klima'],
        classifiedKeywords: [{ classification: 'inspireTheme', code: 'mf' }],
        licence: 'cc-by-4.0',
        referenceSystem: 'EPSG:3857',
        onlineResources: [
          {
            url: 'https://maps.dwd.de/geoserver/wms',
            protocol: 'wms',
            name: 'DWD GeoServer WMS',
          },
        ],
      }),
    },
    {
      type: 'service',
      metadata: base(surveys['DE-BY'] as Agency, 10, {
        title: {
          de: 'WMS Geologische Karte von Bayern 1:500 000',
          en: 'WMS geological map of Bavaria 1:500,000',
        },
        extent: (states.find((r) => r.code === 'DE-BY') as Region).bbox,
        abstract: {
          de: 'Darstellungsdienst der Geologischen Karte von Bayern 1:500 000 des Bayerischen Landesamts für Umwelt.',
        },
        topicCategories: ['geoscientificInformation'],
        keywords: ['Darstellungsdienst', 'Geologie', 'Bayern'],
        classifiedKeywords: [{ classification: 'inspireTheme', code: 'ge' }],
        licence: 'cc-by-4.0',
        referenceSystem: 'EPSG:25832',
        onlineResources: [
          {
            url: 'https://www.lfu.bayern.de/gdi/wms/geologie/gk500',
            protocol: 'wms',
            name: 'WMS GK500',
          },
        ],
      }),
    },
  ].map((draft) => ({ ...draft, type: draft.type as DemoRecord['type'] }));
}

/**
 * Workflow state and owner by position: mostly published, some submitted, a few drafts and
 * two withdrawn records. Drafts and submissions belong to the submitter, who also published
 * a share of the records through the editor.
 */
function placement(index: number): Pick<DemoRecord, 'state' | 'owner'> {
  if (index === 17 || index === 63) return { state: 'withdrawn', owner: 'editor' };
  if (index % 23 === 5) return { state: 'draft', owner: 'submitter' };
  if (index % 11 === 3) return { state: 'submitted', owner: 'submitter' };
  return { state: 'published', owner: index % 4 === 1 ? 'submitter' : 'editor' };
}

function build(): DemoRecord[] {
  return [...stateRecords(), ...nationalRecords()].map((draft, index) => {
    const { state, owner } = placement(index);
    let metadata = draft.metadata;
    // Some drafts are still unfinished, as drafts are: no lineage and no licence yet.
    if (state === 'draft' && index % 2 === 0) {
      const { lineage, licence, useConstraints, ...rest } = metadata;
      metadata = rest;
    }
    return { type: draft.type, state, owner, metadata };
  });
}

/** The demo records, in the order they are inserted. */
export const demoRecords: readonly DemoRecord[] = build();
