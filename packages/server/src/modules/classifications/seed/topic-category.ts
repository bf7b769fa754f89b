import { node, type SeedClassification } from './seed-classification.js';

/** The INSPIRE registry publishes every ISO 19115 topic category under this prefix. */
const uri = (code: string) => `http://inspire.ec.europa.eu/metadata-codelist/TopicCategory/${code}`;

const category = (code: string, de: string, en: string, descDe: string, descEn: string) =>
  node(code, de, en, { descriptions: { de: descDe, en: descEn }, uri: uri(code) });

/** ISO 19115 MD_TopicCategoryCode: the 19 high-level subjects of geographic data. */
export const topicCategory: SeedClassification = {
  id: 'topicCategory',
  input: {
    labels: { de: 'Themenkategorien (ISO 19115)', en: 'Topic categories (ISO 19115)' },
    descriptions: {
      de: 'Grobe thematische Einordnung geografischer Daten nach ISO 19115 (MD_TopicCategoryCode).',
      en: 'High-level thematic classification of geographic data after ISO 19115 (MD_TopicCategoryCode).',
    },
    nodes: [
      category(
        'farming',
        'Landwirtschaft',
        'Farming',
        'Tierzucht und/oder Pflanzenanbau, z. B. Landwirtschaft, Bewässerung, Aquakultur, Plantagen, Viehhaltung, Schädlinge und Krankheiten von Nutzpflanzen und Vieh.',
        'Rearing of animals and/or cultivation of plants, e.g. agriculture, irrigation, aquaculture, plantations, herding, pests and diseases affecting crops and livestock.',
      ),
      category(
        'biota',
        'Biologie',
        'Biota',
        'Flora und/oder Fauna in der natürlichen Umwelt, z. B. Wildtiere, Vegetation, Ökologie, Wildnis, Meereslebewesen, Feuchtgebiete, Lebensräume.',
        'Flora and/or fauna in the natural environment, e.g. wildlife, vegetation, biological sciences, ecology, wilderness, sea life, wetlands, habitat.',
      ),
      category(
        'boundaries',
        'Grenzen',
        'Boundaries',
        'Rechtliche Abgrenzungen von Land, z. B. politische und administrative Grenzen.',
        'Legal land descriptions, e.g. political and administrative boundaries.',
      ),
      category(
        'climatologyMeteorologyAtmosphere',
        'Klimatologie, Meteorologie, Atmosphäre',
        'Climatology, meteorology, atmosphere',
        'Prozesse und Phänomene der Atmosphäre, z. B. Bewölkung, Wetter, Klima, atmosphärische Bedingungen, Klimawandel, Niederschlag.',
        'Processes and phenomena of the atmosphere, e.g. cloud cover, weather, climate, atmospheric conditions, climate change, precipitation.',
      ),
      category(
        'economy',
        'Wirtschaft',
        'Economy',
        'Wirtschaftliche Tätigkeiten, Verhältnisse und Beschäftigung, z. B. Produktion, Arbeit, Handel, Industrie, Tourismus, Forstwirtschaft, Fischerei, Erkundung und Gewinnung von Rohstoffen wie Mineralen, Erdöl und Erdgas.',
        'Economic activities, conditions and employment, e.g. production, labour, revenue, commerce, industry, tourism, forestry, fisheries, exploration and exploitation of resources such as minerals, oil and gas.',
      ),
      category(
        'elevation',
        'Höhenangaben',
        'Elevation',
        'Höhe über oder unter dem Meeresspiegel, z. B. Geländehöhe, Bathymetrie, digitale Höhenmodelle, Hangneigung und abgeleitete Produkte.',
        'Height above or below sea level, e.g. altitude, bathymetry, digital elevation models, slope, derived products.',
      ),
      category(
        'environment',
        'Umwelt',
        'Environment',
        'Umweltressourcen, Umwelt- und Naturschutz, z. B. Umweltverschmutzung, Abfalllagerung und -behandlung, Umweltverträglichkeitsprüfung, Überwachung von Umweltrisiken, Naturschutzgebiete, Landschaft.',
        'Environmental resources, protection and conservation, e.g. environmental pollution, waste storage and treatment, environmental impact assessment, monitoring environmental risk, nature reserves, landscape.',
      ),
      category(
        'geoscientificInformation',
        'Geowissenschaften',
        'Geoscientific information',
        'Informationen aus den Geowissenschaften, z. B. geophysikalische Merkmale und Prozesse, Geologie, Minerale, Erdbeben, Vulkanismus, Rutschungen, Schwerefeld, Böden, Permafrost, Hydrogeologie, Erosion.',
        'Information pertaining to earth sciences, e.g. geophysical features and processes, geology, minerals, earthquakes, volcanic activity, landslides, gravity, soils, permafrost, hydrogeology, erosion.',
      ),
      category(
        'health',
        'Gesundheitswesen',
        'Health',
        'Gesundheit, Gesundheitsdienste, Humanökologie und Sicherheit, z. B. Krankheiten, gesundheitsbeeinflussende Faktoren, Hygiene, Suchtmittelmissbrauch, körperliche und geistige Gesundheit.',
        'Health, health services, human ecology and safety, e.g. disease and illness, factors affecting health, hygiene, substance abuse, mental and physical health, health services.',
      ),
      category(
        'imageryBaseMapsEarthCover',
        'Bilddaten, Basiskarten, Landbedeckung',
        'Imagery, base maps, earth cover',
        'Basiskarten, z. B. Landbedeckung, topographische Karten, Luft- und Satellitenbilder, unklassifizierte Bilder, Beschriftungen.',
        'Base maps, e.g. land cover, topographic maps, imagery, unclassified images, annotations.',
      ),
      category(
        'intelligenceMilitary',
        'Militär und Aufklärung',
        'Intelligence, military',
        'Militärische Stützpunkte, Anlagen und Tätigkeiten, z. B. Kasernen, Truppenübungsplätze, militärischer Transport, Informationsbeschaffung.',
        'Military bases, structures and activities, e.g. barracks, training grounds, military transportation, information collection.',
      ),
      category(
        'inlandWaters',
        'Binnengewässer',
        'Inland waters',
        'Binnengewässer, Entwässerungssysteme und ihre Eigenschaften, z. B. Flüsse und Gletscher, Salzseen, Wassernutzungspläne, Talsperren, Strömungen, Hochwasser, Wasserqualität, hydrographische Karten.',
        'Inland water features, drainage systems and their characteristics, e.g. rivers and glaciers, salt lakes, water utilisation plans, dams, currents, floods, water quality, hydrographic charts.',
      ),
      category(
        'location',
        'Ortsangaben',
        'Location',
        'Lageinformationen und -dienste, z. B. Adressen, geodätische Netze, Festpunkte, Postleitzahlgebiete, Ortsnamen.',
        'Positional information and services, e.g. addresses, geodetic networks, control points, postal zones and services, place names.',
      ),
      category(
        'oceans',
        'Meere',
        'Oceans',
        'Merkmale und Eigenschaften von Salzwasserkörpern (ohne Binnengewässer), z. B. Gezeiten, Flutwellen, Küsteninformationen, Riffe.',
        'Features and characteristics of salt water bodies (excluding inland waters), e.g. tides, tidal waves, coastal information, reefs.',
      ),
      category(
        'planningCadastre',
        'Planungsunterlagen, Kataster',
        'Planning, cadastre',
        'Informationen für die künftige Nutzung von Flächen, z. B. Flächennutzungskarten, Bebauungspläne, Katastervermessung, Grundeigentum.',
        'Information used for appropriate actions for future use of the land, e.g. land use maps, zoning maps, cadastral surveys, land ownership.',
      ),
      category(
        'society',
        'Gesellschaft',
        'Society',
        'Merkmale von Gesellschaft und Kultur, z. B. Siedlungen, Archäologie, Bildung, Bräuche, demografische Daten, Erholungsgebiete, Kriminalität und Justiz, Volkszählung.',
        'Characteristics of society and cultures, e.g. settlements, anthropology, archaeology, education, customs, demographic data, recreational areas, crime and justice, census information.',
      ),
      category(
        'structure',
        'Bauwerke',
        'Structure',
        'Von Menschen errichtete Bauwerke, z. B. Gebäude, Museen, Kirchen, Fabriken, Wohnhäuser, Denkmäler, Geschäfte, Türme.',
        'Man-made construction, e.g. buildings, museums, churches, factories, housing, monuments, shops, towers.',
      ),
      category(
        'transportation',
        'Verkehrswesen',
        'Transportation',
        'Mittel und Hilfsmittel zur Beförderung von Personen und Gütern, z. B. Straßen, Flughäfen, Schifffahrtswege, Tunnel, See- und Luftfahrtkarten, Eisenbahnen.',
        'Means and aids for conveying persons and/or goods, e.g. roads, airports, shipping routes, tunnels, nautical and aeronautical charts, vehicle or vessel location, railways.',
      ),
      category(
        'utilitiesCommunication',
        'Ver- und Entsorgung, Kommunikation',
        'Utilities, communication',
        'Energie-, Wasser- und Abfallsysteme sowie Kommunikationsinfrastruktur, z. B. Wasserkraft, Geothermie, Solar- und Kernenergie, Wasserversorgung, Abwasserentsorgung, Strom- und Gasnetze, Telekommunikation, Rundfunk.',
        'Energy, water and waste systems and communications infrastructure and services, e.g. hydroelectricity, geothermal, solar and nuclear energy, water purification and distribution, sewage, electricity and gas distribution, telecommunication, radio.',
      ),
    ],
  },
};
