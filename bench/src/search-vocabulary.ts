/**
 * The word material of the generated search records: a geoscience and environment
 * vocabulary in German (with inflected forms and compounds such as Grundwassermessstellen,
 * the hard case for a stemmer) and English, places in Germany and Europe, and a long tail
 * of plausible German authorities. Lists are ranked roughly by how common a word is in a
 * catalogue; `Zipf` draws from them.
 */

/**
 * Splits a list written as `a | b | c` over lines (entries may contain spaces but never
 * span lines) into its entries.
 */
function list(text: string): string[] {
  return text
    .split(/[|\n]/)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

/** `singular/plural` or `name/version` into a pair; the second part is optional. */
function pair(entry: string): [string, string | undefined] {
  const [first, second] = entry.split('/');
  return [first as string, second];
}

/** German first parts of compounds, the most common first (with their linking -s). */
export const germanDeterminers = list(`
  Grundwasser | Boden | Gewässer | Hochwasser | Wasser | Landschafts | Natur | Klima | Wald
  Luft | Lärm | Verkehrs | Flächen | Gebäude | Höhen | Schutzgebiets | Straßen | Niederschlags
  Biotop | Arten | Siedlungs | Gelände | Kataster | Liegenschafts | Flurstücks | Rohstoff
  Gesteins | Altlasten | Energie | Wind | Solar | Wärme | Erdwärme | Trinkwasser | Abwasser
  Küsten | Meeres | Moor | Feuchtgebiets | Vogelschutz | Wasserschutz | Überschwemmungs
  Starkregen | Dürre | Temperatur | Ozon | Feinstaub | Stickstoff | Nitrat | Pflanzen | Tier
  Fischerei | Agrar | Acker | Grünland | Forst | Jagd | Stadt | Gemeinde | Kreis | Landes
  Bundes | Verwaltungs | Adress | Bevölkerungs | Gesundheits | Schul | Kultur | Denkmal
  Tourismus | Freizeit | Lärmschutz | Hangrutschungs | Erdbeben | Radon | Schwermetall | Pegel
  Abfluss | Sediment | Erosions | Verdunstungs | Schienen | Rad | Bau | Bergbau | Abfall
  Quell | See | Fluss | Auen | Deich | Hafen | Flughafen | Leitungs | Strom | Gas | Glasfaser
  Mobilfunk | Einzelhandels | Gewerbe | Industrie | Wohnbau | Bebauungs | Flächennutzungs
  Raumordnungs | Regional | Orts | Gemarkungs | Vermessungs | Luftbild | Satelliten | Radar
  Laserscan | Gitter | Raster | Vektor
`);

/** German second parts of compounds (singular, plural); also used alone, capitalised. */
export const germanHeads = list(`
  karte/karten | daten | messstelle/messstellen | messnetz/messnetze | gebiet/gebiete
  modell/modelle | kataster | stand/stände | qualität/qualitäten | schutz | fläche/flächen
  bericht/berichte | atlas | dienst/dienste | register | verzeichnis/verzeichnisse
  analyse/analysen | bewertung/bewertungen | planung/planungen | prognose/prognosen
  monitoring | überwachung | station/stationen | zone/zonen | grenze/grenzen | netz/netze
  bilanz/bilanzen | index/indizes | risiko/risiken | potenzial/potenziale | nutzung
  belastung/belastungen | entwicklung | statistik/statistiken | erhebung/erhebungen
  kartierung/kartierungen | übersicht/übersichten | typ/typen | klasse/klassen
  einheit/einheiten | punkt/punkte | linie/linien | objekt/objekte | zustand/zustände
  menge/mengen
`).map(pair);

/** German adjectives (stem); inflected with -e, -en, -er, -es. */
export const germanAdjectives = list(`
  geologisch | hydrogeologisch | digital | amtlich | bodenkundlich | ökologisch
  topographisch | aktuell | historisch | jährlich | mittler | regional | kommunal | landesweit
  flächendeckend | potenziell | natürlich | klimatisch | räumlich | zeitlich | geschützt
  belastet | versiegelt | landwirtschaftlich | forstlich | städtisch | ländlich
  oberflächennah | tief | stündlich | monatlich | vorläufig | harmonisiert
  generalisiert | interpoliert | gemessen | modelliert | ingenieurgeologisch | geophysikalisch
  geothermisch | meteorologisch | hydrologisch
`);

export const germanAdjectiveEndings = ['e', 'en', 'er', 'es', ''];

/** Verbs of the abstracts, third person. */
export const germanVerbs = list(`
  zeigt | beschreibt | enthält | umfasst | dokumentiert | bewertet | erfasst | liefert
  stellt dar | gliedert | verzeichnet | kennzeichnet | bildet ab
`);

/** Small words that make sentences; the German text search removes them as stop words. */
export const germanGlue = list(
  `der | die | das | und | für | mit | von | nach | auf | aus | über | sowie`,
);

export const englishNouns = list(`
  map | data | groundwater | soil | water | monitoring | station | area | land | use | cover
  river | flood | risk | network | model | quality | climate | temperature | precipitation
  forest | geology | borehole | well | habitat | species | noise | air | elevation | terrain
  parcel | building | road | railway | transport | energy | wind | heat | potential
  wastewater | coast | sea | bog | wetland | erosion | sediment | nitrate | pollution
  contamination | population | health | heritage | tourism | boundary | address | statistics
  survey | report | analysis | assessment | forecast | series | orthophoto | imagery | lidar
  grid | raster | aquifer | recharge | level | discharge | gauge | catchment | drought
  heavy rain | landslide | earthquake | radon | heavy metal | biotope | reserve | park | lake
  spring | floodplain | dike | harbour | airport | power line | pipeline | settlement
  industry | agriculture | grassland | arable land | timber | hunting | fishery | municipality
  district | region | zone | sheet | register | inventory | index | classification
`);

/** English plurals where they differ by more than an -s. */
export const englishPlurals = new Map(
  list(`
  analysis/analyses | inventory/inventories | index/indices | series/series | data/data
  statistics/statistics | imagery/imagery | lidar/lidar | agriculture/agriculture
  industry/industries | energy/energy | heritage/heritage | tourism/tourism | health/health
  pollution/pollution | contamination/contamination | population/population | geology/geology
  air/air | noise/noise | climate/climate | precipitation/precipitation | erosion/erosion
  recharge/recharge | drought/droughts | fishery/fisheries | hunting/hunting | timber/timber
  terrain/terrain | transport/transport | water/waters | groundwater/groundwater | use/uses
`).map(pair),
);

export const englishAdjectives = list(`
  geological | hydrogeological | digital | official | annual | current | historical | regional
  municipal | national | mean | protected | natural | sealed | agricultural | near-surface
  deep | hourly | monthly | daily | harmonised | generalised | interpolated | measured
  modelled | topographic | ecological | hydrological | meteorological | geothermal | urban
  rural | coastal | statewide | area-wide
`);

export const englishVerbs = list(`
  shows | describes | contains | covers | documents | assesses | records | provides
  classifies | lists | maps | models
`);

export const englishGlue = list(`the | of | and | for | with | from | in | by | at | on`);

/** A German city: name and approximate centre (WGS84). */
export interface City {
  name: string;
  state: string;
  lon: number;
  lat: number;
}

/** Cities and towns of Germany, larger first (their rank is their Zipf rank). */
export const cities: readonly City[] = list(`
  Berlin;BE;13.4;52.52 | Hamburg;HH;9.99;53.55 | München;BY;11.58;48.14 | Köln;NW;6.96;50.94
  Frankfurt am Main;HE;8.68;50.11 | Stuttgart;BW;9.18;48.78 | Düsseldorf;NW;6.78;51.23
  Leipzig;SN;12.37;51.34 | Dortmund;NW;7.47;51.51 | Essen;NW;7.01;51.46 | Bremen;HB;8.8;53.08
  Dresden;SN;13.74;51.05 | Hannover;NI;9.73;52.37 | Nürnberg;BY;11.08;49.45
  Duisburg;NW;6.76;51.43 | Bochum;NW;7.22;51.48 | Wuppertal;NW;7.15;51.26
  Bielefeld;NW;8.53;52.02 | Bonn;NW;7.1;50.73 | Münster;NW;7.63;51.96 | Mannheim;BW;8.47;49.49
  Karlsruhe;BW;8.4;49.01 | Augsburg;BY;10.9;48.37 | Wiesbaden;HE;8.24;50.08
  Mönchengladbach;NW;6.44;51.19 | Gelsenkirchen;NW;7.09;51.52 | Aachen;NW;6.08;50.78
  Braunschweig;NI;10.52;52.27 | Kiel;SH;10.14;54.32 | Chemnitz;SN;12.92;50.83
  Halle (Saale);ST;11.97;51.48 | Magdeburg;ST;11.63;52.13 | Freiburg im Breisgau;BW;7.85;47.99
  Krefeld;NW;6.56;51.33 | Mainz;RP;8.27;50.0 | Lübeck;SH;10.69;53.87 | Erfurt;TH;11.03;50.98
  Oberhausen;NW;6.85;51.47 | Rostock;MV;12.1;54.09 | Kassel;HE;9.48;51.31
  Hagen;NW;7.47;51.36 | Potsdam;BB;13.06;52.4 | Saarbrücken;SL;7.0;49.23 | Hamm;NW;7.82;51.68
  Ludwigshafen am Rhein;RP;8.44;49.48 | Oldenburg;NI;8.21;53.14 | Osnabrück;NI;8.05;52.28
  Leverkusen;NW;6.98;51.03 | Heidelberg;BW;8.69;49.4 | Darmstadt;HE;8.65;49.87
  Solingen;NW;7.08;51.17 | Regensburg;BY;12.1;49.01 | Paderborn;NW;8.75;51.72
  Ingolstadt;BY;11.43;48.77 | Würzburg;BY;9.93;49.79 | Ulm;BW;9.99;48.4
  Heilbronn;BW;9.22;49.14 | Wolfsburg;NI;10.79;52.42 | Göttingen;NI;9.93;51.54
  Pforzheim;BW;8.7;48.89 | Bremerhaven;HB;8.58;53.54 | Trier;RP;6.64;49.75
  Jena;TH;11.59;50.93 | Cottbus;BB;14.33;51.76 | Schwerin;MV;11.4;53.63
  Koblenz;RP;7.59;50.36 | Bamberg;BY;10.89;49.89 | Passau;BY;13.43;48.57
  Greifswald;MV;13.38;54.09 | Flensburg;SH;9.44;54.78 | Konstanz;BW;9.18;47.66
  Tübingen;BW;9.06;48.52 | Gera;TH;12.08;50.88 | Zwickau;SN;12.5;50.72
  Dessau-Roßlau;ST;12.24;51.84 | Stralsund;MV;13.08;54.31 | Lüneburg;NI;10.41;53.25
  Fulda;HE;9.68;50.55 | Kaiserslautern;RP;7.77;49.44 | Rosenheim;BY;12.13;47.86
  Garmisch-Partenkirchen;BY;11.1;47.49 | Goslar;NI;10.43;51.91 | Husum;SH;9.05;54.48
  Görlitz;SN;14.99;51.15
`).map((entry) => {
  const [name, state, lon, lat] = entry.split(';');
  return { name: name as string, state: `DE-${state}`, lon: Number(lon), lat: Number(lat) };
});

/** How a German text names a state: "in Bayern" but "im Saarland". */
export const statesWithArticle: Record<string, { inDe: string; forDe: string }> = {
  'DE-SL': { inDe: 'im Saarland', forDe: 'für das Saarland' },
};

/** Departments of state authorities ("Landesamt für …"), the common ones first. */
export const stateOfficeTopics = list(`
  Umwelt | Geologie und Bergbau | Vermessung und Geoinformation | Natur, Umwelt und Klima
  Landwirtschaft | Denkmalpflege | Statistik | Straßenbau und Verkehr
  Bergbau, Energie und Geologie | Umwelt, Naturschutz und Geologie
  Digitalisierung, Breitband und Vermessung | Wald und Forstwirtschaft | Wasserwirtschaft
  Geoinformation und Landesvermessung | Arbeitsschutz | Gesundheit und Soziales
`);

/** Offices of a city administration. */
export const cityOffices = list(`
  Umweltamt | Vermessungsamt | Stadtplanungsamt | Amt für Geoinformation und Vermessung
  Tiefbauamt | Amt für Stadtentwicklung | Grünflächenamt | Amt für Statistik und Wahlen
`);

/** Federal and European bodies, the national and Europe-wide records come from them. */
export const nationalBodies = list(`
  Bundesamt für Kartographie und Geodäsie | Umweltbundesamt
  Bundesanstalt für Geowissenschaften und Rohstoffe | Deutscher Wetterdienst
  Bundesamt für Naturschutz | Bundesanstalt für Gewässerkunde | Thünen-Institut
  Bundesamt für Seeschifffahrt und Hydrographie | Statistisches Bundesamt
  Bundesamt für Strahlenschutz | Leibniz-Institut für Angewandte Geophysik
  Helmholtz-Zentrum für Umweltforschung | Europäische Umweltagentur
  Joint Research Centre der Europäischen Kommission | Copernicus Land Monitoring Service
`);

/** Distribution formats (name, version), the common ones first. */
export const formatNames = list(`
  GeoTIFF/1.1 | Shapefile | GeoPackage/1.3 | CSV | WMS/1.3.0 | GML/3.2.1 | GeoJSON | WFS/2.0.0
  PDF | NetCDF/4 | KML/2.2 | XLSX | Cloud Optimized GeoTIFF | ASCII Grid | LAS/1.4
  CityGML/2.0 | DXF | JPEG 2000 | FlatGeobuf | XPlanGML/6.0 | NAS/7.1 | JSON | XML | ECW
  GeoParquet/1.1
`).map(pair);

export const referenceSystems = list(`
  EPSG:25832 | EPSG:4326 | EPSG:25833 | EPSG:4258 | EPSG:3857 | EPSG:31467 | EPSG:3035
`);

/** Fictional contact persons. */
export const people = list(`
  Dr. Anna Keller | Jonas Brandt | Miriam Hoffmann | Dr. Tobias Lange | Sabine Krüger
  Lukas Schäfer | Petra Wolff | Stefan Becker | Dr. Leonie Vogt | Martin Schulze
  Katrin Neumann | Florian Richter | Julia Zimmermann | Dr. Markus Hahn | Eva Schmitt
`);
