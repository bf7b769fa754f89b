/**
 * The six classifications migration 0004 inserts, frozen as released: a copy, not an import
 * of the live seed lists (modules/classifications/seed/), so that the migration gives the same
 * rows however that code changes later. Never edit this file; a change to the seeded lists
 * needs a new migration.
 */

/** One classification as the migration writes it: the columns it fills besides the times. */
export interface FrozenClassification {
  id: string;
  labels: { de: string; en: string };
  descriptions?: { de?: string; en?: string };
  /** The tree of codes, written as JSON as it stands. */
  nodes: unknown[];
}

/** In insertion order. */
export const classifications0004: readonly FrozenClassification[] = [
  {
    id: 'topicCategory',
    labels: {
      de: 'Themenkategorien (ISO 19115)',
      en: 'Topic categories (ISO 19115)',
    },
    descriptions: {
      de: 'Grobe thematische Einordnung geografischer Daten nach ISO 19115 (MD_TopicCategoryCode).',
      en: 'High-level thematic classification of geographic data after ISO 19115 (MD_TopicCategoryCode).',
    },
    nodes: [
      {
        id: 'farming',
        labels: {
          de: 'Landwirtschaft',
          en: 'Farming',
        },
        descriptions: {
          de: 'Tierzucht und/oder Pflanzenanbau, z. B. Landwirtschaft, Bewässerung, Aquakultur, Plantagen, Viehhaltung, Schädlinge und Krankheiten von Nutzpflanzen und Vieh.',
          en: 'Rearing of animals and/or cultivation of plants, e.g. agriculture, irrigation, aquaculture, plantations, herding, pests and diseases affecting crops and livestock.',
        },
        uri: 'http://inspire.ec.europa.eu/metadata-codelist/TopicCategory/farming',
      },
      {
        id: 'biota',
        labels: {
          de: 'Biologie',
          en: 'Biota',
        },
        descriptions: {
          de: 'Flora und/oder Fauna in der natürlichen Umwelt, z. B. Wildtiere, Vegetation, Ökologie, Wildnis, Meereslebewesen, Feuchtgebiete, Lebensräume.',
          en: 'Flora and/or fauna in the natural environment, e.g. wildlife, vegetation, biological sciences, ecology, wilderness, sea life, wetlands, habitat.',
        },
        uri: 'http://inspire.ec.europa.eu/metadata-codelist/TopicCategory/biota',
      },
      {
        id: 'boundaries',
        labels: {
          de: 'Grenzen',
          en: 'Boundaries',
        },
        descriptions: {
          de: 'Rechtliche Abgrenzungen von Land, z. B. politische und administrative Grenzen.',
          en: 'Legal land descriptions, e.g. political and administrative boundaries.',
        },
        uri: 'http://inspire.ec.europa.eu/metadata-codelist/TopicCategory/boundaries',
      },
      {
        id: 'climatologyMeteorologyAtmosphere',
        labels: {
          de: 'Klimatologie, Meteorologie, Atmosphäre',
          en: 'Climatology, meteorology, atmosphere',
        },
        descriptions: {
          de: 'Prozesse und Phänomene der Atmosphäre, z. B. Bewölkung, Wetter, Klima, atmosphärische Bedingungen, Klimawandel, Niederschlag.',
          en: 'Processes and phenomena of the atmosphere, e.g. cloud cover, weather, climate, atmospheric conditions, climate change, precipitation.',
        },
        uri: 'http://inspire.ec.europa.eu/metadata-codelist/TopicCategory/climatologyMeteorologyAtmosphere',
      },
      {
        id: 'economy',
        labels: {
          de: 'Wirtschaft',
          en: 'Economy',
        },
        descriptions: {
          de: 'Wirtschaftliche Tätigkeiten, Verhältnisse und Beschäftigung, z. B. Produktion, Arbeit, Handel, Industrie, Tourismus, Forstwirtschaft, Fischerei, Erkundung und Gewinnung von Rohstoffen wie Mineralen, Erdöl und Erdgas.',
          en: 'Economic activities, conditions and employment, e.g. production, labour, revenue, commerce, industry, tourism, forestry, fisheries, exploration and exploitation of resources such as minerals, oil and gas.',
        },
        uri: 'http://inspire.ec.europa.eu/metadata-codelist/TopicCategory/economy',
      },
      {
        id: 'elevation',
        labels: {
          de: 'Höhenangaben',
          en: 'Elevation',
        },
        descriptions: {
          de: 'Höhe über oder unter dem Meeresspiegel, z. B. Geländehöhe, Bathymetrie, digitale Höhenmodelle, Hangneigung und abgeleitete Produkte.',
          en: 'Height above or below sea level, e.g. altitude, bathymetry, digital elevation models, slope, derived products.',
        },
        uri: 'http://inspire.ec.europa.eu/metadata-codelist/TopicCategory/elevation',
      },
      {
        id: 'environment',
        labels: {
          de: 'Umwelt',
          en: 'Environment',
        },
        descriptions: {
          de: 'Umweltressourcen, Umwelt- und Naturschutz, z. B. Umweltverschmutzung, Abfalllagerung und -behandlung, Umweltverträglichkeitsprüfung, Überwachung von Umweltrisiken, Naturschutzgebiete, Landschaft.',
          en: 'Environmental resources, protection and conservation, e.g. environmental pollution, waste storage and treatment, environmental impact assessment, monitoring environmental risk, nature reserves, landscape.',
        },
        uri: 'http://inspire.ec.europa.eu/metadata-codelist/TopicCategory/environment',
      },
      {
        id: 'geoscientificInformation',
        labels: {
          de: 'Geowissenschaften',
          en: 'Geoscientific information',
        },
        descriptions: {
          de: 'Informationen aus den Geowissenschaften, z. B. geophysikalische Merkmale und Prozesse, Geologie, Minerale, Erdbeben, Vulkanismus, Rutschungen, Schwerefeld, Böden, Permafrost, Hydrogeologie, Erosion.',
          en: 'Information pertaining to earth sciences, e.g. geophysical features and processes, geology, minerals, earthquakes, volcanic activity, landslides, gravity, soils, permafrost, hydrogeology, erosion.',
        },
        uri: 'http://inspire.ec.europa.eu/metadata-codelist/TopicCategory/geoscientificInformation',
      },
      {
        id: 'health',
        labels: {
          de: 'Gesundheitswesen',
          en: 'Health',
        },
        descriptions: {
          de: 'Gesundheit, Gesundheitsdienste, Humanökologie und Sicherheit, z. B. Krankheiten, gesundheitsbeeinflussende Faktoren, Hygiene, Suchtmittelmissbrauch, körperliche und geistige Gesundheit.',
          en: 'Health, health services, human ecology and safety, e.g. disease and illness, factors affecting health, hygiene, substance abuse, mental and physical health, health services.',
        },
        uri: 'http://inspire.ec.europa.eu/metadata-codelist/TopicCategory/health',
      },
      {
        id: 'imageryBaseMapsEarthCover',
        labels: {
          de: 'Bilddaten, Basiskarten, Landbedeckung',
          en: 'Imagery, base maps, earth cover',
        },
        descriptions: {
          de: 'Basiskarten, z. B. Landbedeckung, topographische Karten, Luft- und Satellitenbilder, unklassifizierte Bilder, Beschriftungen.',
          en: 'Base maps, e.g. land cover, topographic maps, imagery, unclassified images, annotations.',
        },
        uri: 'http://inspire.ec.europa.eu/metadata-codelist/TopicCategory/imageryBaseMapsEarthCover',
      },
      {
        id: 'intelligenceMilitary',
        labels: {
          de: 'Militär und Aufklärung',
          en: 'Intelligence, military',
        },
        descriptions: {
          de: 'Militärische Stützpunkte, Anlagen und Tätigkeiten, z. B. Kasernen, Truppenübungsplätze, militärischer Transport, Informationsbeschaffung.',
          en: 'Military bases, structures and activities, e.g. barracks, training grounds, military transportation, information collection.',
        },
        uri: 'http://inspire.ec.europa.eu/metadata-codelist/TopicCategory/intelligenceMilitary',
      },
      {
        id: 'inlandWaters',
        labels: {
          de: 'Binnengewässer',
          en: 'Inland waters',
        },
        descriptions: {
          de: 'Binnengewässer, Entwässerungssysteme und ihre Eigenschaften, z. B. Flüsse und Gletscher, Salzseen, Wassernutzungspläne, Talsperren, Strömungen, Hochwasser, Wasserqualität, hydrographische Karten.',
          en: 'Inland water features, drainage systems and their characteristics, e.g. rivers and glaciers, salt lakes, water utilisation plans, dams, currents, floods, water quality, hydrographic charts.',
        },
        uri: 'http://inspire.ec.europa.eu/metadata-codelist/TopicCategory/inlandWaters',
      },
      {
        id: 'location',
        labels: {
          de: 'Ortsangaben',
          en: 'Location',
        },
        descriptions: {
          de: 'Lageinformationen und -dienste, z. B. Adressen, geodätische Netze, Festpunkte, Postleitzahlgebiete, Ortsnamen.',
          en: 'Positional information and services, e.g. addresses, geodetic networks, control points, postal zones and services, place names.',
        },
        uri: 'http://inspire.ec.europa.eu/metadata-codelist/TopicCategory/location',
      },
      {
        id: 'oceans',
        labels: {
          de: 'Meere',
          en: 'Oceans',
        },
        descriptions: {
          de: 'Merkmale und Eigenschaften von Salzwasserkörpern (ohne Binnengewässer), z. B. Gezeiten, Flutwellen, Küsteninformationen, Riffe.',
          en: 'Features and characteristics of salt water bodies (excluding inland waters), e.g. tides, tidal waves, coastal information, reefs.',
        },
        uri: 'http://inspire.ec.europa.eu/metadata-codelist/TopicCategory/oceans',
      },
      {
        id: 'planningCadastre',
        labels: {
          de: 'Planungsunterlagen, Kataster',
          en: 'Planning, cadastre',
        },
        descriptions: {
          de: 'Informationen für die künftige Nutzung von Flächen, z. B. Flächennutzungskarten, Bebauungspläne, Katastervermessung, Grundeigentum.',
          en: 'Information used for appropriate actions for future use of the land, e.g. land use maps, zoning maps, cadastral surveys, land ownership.',
        },
        uri: 'http://inspire.ec.europa.eu/metadata-codelist/TopicCategory/planningCadastre',
      },
      {
        id: 'society',
        labels: {
          de: 'Gesellschaft',
          en: 'Society',
        },
        descriptions: {
          de: 'Merkmale von Gesellschaft und Kultur, z. B. Siedlungen, Archäologie, Bildung, Bräuche, demografische Daten, Erholungsgebiete, Kriminalität und Justiz, Volkszählung.',
          en: 'Characteristics of society and cultures, e.g. settlements, anthropology, archaeology, education, customs, demographic data, recreational areas, crime and justice, census information.',
        },
        uri: 'http://inspire.ec.europa.eu/metadata-codelist/TopicCategory/society',
      },
      {
        id: 'structure',
        labels: {
          de: 'Bauwerke',
          en: 'Structure',
        },
        descriptions: {
          de: 'Von Menschen errichtete Bauwerke, z. B. Gebäude, Museen, Kirchen, Fabriken, Wohnhäuser, Denkmäler, Geschäfte, Türme.',
          en: 'Man-made construction, e.g. buildings, museums, churches, factories, housing, monuments, shops, towers.',
        },
        uri: 'http://inspire.ec.europa.eu/metadata-codelist/TopicCategory/structure',
      },
      {
        id: 'transportation',
        labels: {
          de: 'Verkehrswesen',
          en: 'Transportation',
        },
        descriptions: {
          de: 'Mittel und Hilfsmittel zur Beförderung von Personen und Gütern, z. B. Straßen, Flughäfen, Schifffahrtswege, Tunnel, See- und Luftfahrtkarten, Eisenbahnen.',
          en: 'Means and aids for conveying persons and/or goods, e.g. roads, airports, shipping routes, tunnels, nautical and aeronautical charts, vehicle or vessel location, railways.',
        },
        uri: 'http://inspire.ec.europa.eu/metadata-codelist/TopicCategory/transportation',
      },
      {
        id: 'utilitiesCommunication',
        labels: {
          de: 'Ver- und Entsorgung, Kommunikation',
          en: 'Utilities, communication',
        },
        descriptions: {
          de: 'Energie-, Wasser- und Abfallsysteme sowie Kommunikationsinfrastruktur, z. B. Wasserkraft, Geothermie, Solar- und Kernenergie, Wasserversorgung, Abwasserentsorgung, Strom- und Gasnetze, Telekommunikation, Rundfunk.',
          en: 'Energy, water and waste systems and communications infrastructure and services, e.g. hydroelectricity, geothermal, solar and nuclear energy, water purification and distribution, sewage, electricity and gas distribution, telecommunication, radio.',
        },
        uri: 'http://inspire.ec.europa.eu/metadata-codelist/TopicCategory/utilitiesCommunication',
      },
    ],
  },
  {
    id: 'inspireTheme',
    labels: {
      de: 'INSPIRE-Themen',
      en: 'INSPIRE themes',
    },
    descriptions: {
      de: 'Die 34 Geodatenthemen der Anhänge I bis III der INSPIRE-Richtlinie 2007/2/EG.',
      en: 'The 34 spatial data themes of Annexes I to III of the INSPIRE Directive 2007/2/EC.',
    },
    nodes: [
      {
        id: 'rs',
        labels: {
          de: 'Koordinatenreferenzsysteme',
          en: 'Coordinate reference systems',
        },
        descriptions: {
          de: 'INSPIRE-Anhang I',
          en: 'INSPIRE Annex I',
        },
        uri: 'https://inspire.ec.europa.eu/theme/rs',
      },
      {
        id: 'gg',
        labels: {
          de: 'Geografische Gittersysteme',
          en: 'Geographical grid systems',
        },
        descriptions: {
          de: 'INSPIRE-Anhang I',
          en: 'INSPIRE Annex I',
        },
        uri: 'https://inspire.ec.europa.eu/theme/gg',
      },
      {
        id: 'gn',
        labels: {
          de: 'Geografische Bezeichnungen',
          en: 'Geographical names',
        },
        descriptions: {
          de: 'INSPIRE-Anhang I',
          en: 'INSPIRE Annex I',
        },
        uri: 'https://inspire.ec.europa.eu/theme/gn',
      },
      {
        id: 'au',
        labels: {
          de: 'Verwaltungseinheiten',
          en: 'Administrative units',
        },
        descriptions: {
          de: 'INSPIRE-Anhang I',
          en: 'INSPIRE Annex I',
        },
        uri: 'https://inspire.ec.europa.eu/theme/au',
      },
      {
        id: 'ad',
        labels: {
          de: 'Adressen',
          en: 'Addresses',
        },
        descriptions: {
          de: 'INSPIRE-Anhang I',
          en: 'INSPIRE Annex I',
        },
        uri: 'https://inspire.ec.europa.eu/theme/ad',
      },
      {
        id: 'cp',
        labels: {
          de: 'Flurstücke/Grundstücke (Katasterparzellen)',
          en: 'Cadastral parcels',
        },
        descriptions: {
          de: 'INSPIRE-Anhang I',
          en: 'INSPIRE Annex I',
        },
        uri: 'https://inspire.ec.europa.eu/theme/cp',
      },
      {
        id: 'tn',
        labels: {
          de: 'Verkehrsnetze',
          en: 'Transport networks',
        },
        descriptions: {
          de: 'INSPIRE-Anhang I',
          en: 'INSPIRE Annex I',
        },
        uri: 'https://inspire.ec.europa.eu/theme/tn',
      },
      {
        id: 'hy',
        labels: {
          de: 'Gewässernetz',
          en: 'Hydrography',
        },
        descriptions: {
          de: 'INSPIRE-Anhang I',
          en: 'INSPIRE Annex I',
        },
        uri: 'https://inspire.ec.europa.eu/theme/hy',
      },
      {
        id: 'ps',
        labels: {
          de: 'Schutzgebiete',
          en: 'Protected sites',
        },
        descriptions: {
          de: 'INSPIRE-Anhang I',
          en: 'INSPIRE Annex I',
        },
        uri: 'https://inspire.ec.europa.eu/theme/ps',
      },
      {
        id: 'el',
        labels: {
          de: 'Höhe',
          en: 'Elevation',
        },
        descriptions: {
          de: 'INSPIRE-Anhang II',
          en: 'INSPIRE Annex II',
        },
        uri: 'https://inspire.ec.europa.eu/theme/el',
      },
      {
        id: 'lc',
        labels: {
          de: 'Bodenbedeckung',
          en: 'Land cover',
        },
        descriptions: {
          de: 'INSPIRE-Anhang II',
          en: 'INSPIRE Annex II',
        },
        uri: 'https://inspire.ec.europa.eu/theme/lc',
      },
      {
        id: 'oi',
        labels: {
          de: 'Orthofotografie',
          en: 'Orthoimagery',
        },
        descriptions: {
          de: 'INSPIRE-Anhang II',
          en: 'INSPIRE Annex II',
        },
        uri: 'https://inspire.ec.europa.eu/theme/oi',
      },
      {
        id: 'ge',
        labels: {
          de: 'Geologie',
          en: 'Geology',
        },
        descriptions: {
          de: 'INSPIRE-Anhang II',
          en: 'INSPIRE Annex II',
        },
        uri: 'https://inspire.ec.europa.eu/theme/ge',
      },
      {
        id: 'su',
        labels: {
          de: 'Statistische Einheiten',
          en: 'Statistical units',
        },
        descriptions: {
          de: 'INSPIRE-Anhang III',
          en: 'INSPIRE Annex III',
        },
        uri: 'https://inspire.ec.europa.eu/theme/su',
      },
      {
        id: 'bu',
        labels: {
          de: 'Gebäude',
          en: 'Buildings',
        },
        descriptions: {
          de: 'INSPIRE-Anhang III',
          en: 'INSPIRE Annex III',
        },
        uri: 'https://inspire.ec.europa.eu/theme/bu',
      },
      {
        id: 'so',
        labels: {
          de: 'Boden',
          en: 'Soil',
        },
        descriptions: {
          de: 'INSPIRE-Anhang III',
          en: 'INSPIRE Annex III',
        },
        uri: 'https://inspire.ec.europa.eu/theme/so',
      },
      {
        id: 'lu',
        labels: {
          de: 'Bodennutzung',
          en: 'Land use',
        },
        descriptions: {
          de: 'INSPIRE-Anhang III',
          en: 'INSPIRE Annex III',
        },
        uri: 'https://inspire.ec.europa.eu/theme/lu',
      },
      {
        id: 'hh',
        labels: {
          de: 'Gesundheit und Sicherheit',
          en: 'Human health and safety',
        },
        descriptions: {
          de: 'INSPIRE-Anhang III',
          en: 'INSPIRE Annex III',
        },
        uri: 'https://inspire.ec.europa.eu/theme/hh',
      },
      {
        id: 'us',
        labels: {
          de: 'Versorgungswirtschaft und staatliche Dienste',
          en: 'Utility and governmental services',
        },
        descriptions: {
          de: 'INSPIRE-Anhang III',
          en: 'INSPIRE Annex III',
        },
        uri: 'https://inspire.ec.europa.eu/theme/us',
      },
      {
        id: 'ef',
        labels: {
          de: 'Umweltüberwachung',
          en: 'Environmental monitoring facilities',
        },
        descriptions: {
          de: 'INSPIRE-Anhang III',
          en: 'INSPIRE Annex III',
        },
        uri: 'https://inspire.ec.europa.eu/theme/ef',
      },
      {
        id: 'pf',
        labels: {
          de: 'Produktions- und Industrieanlagen',
          en: 'Production and industrial facilities',
        },
        descriptions: {
          de: 'INSPIRE-Anhang III',
          en: 'INSPIRE Annex III',
        },
        uri: 'https://inspire.ec.europa.eu/theme/pf',
      },
      {
        id: 'af',
        labels: {
          de: 'Landwirtschaftliche Anlagen und Aquakulturanlagen',
          en: 'Agricultural and aquaculture facilities',
        },
        descriptions: {
          de: 'INSPIRE-Anhang III',
          en: 'INSPIRE Annex III',
        },
        uri: 'https://inspire.ec.europa.eu/theme/af',
      },
      {
        id: 'pd',
        labels: {
          de: 'Verteilung der Bevölkerung — Demografie',
          en: 'Population distribution — demography',
        },
        descriptions: {
          de: 'INSPIRE-Anhang III',
          en: 'INSPIRE Annex III',
        },
        uri: 'https://inspire.ec.europa.eu/theme/pd',
      },
      {
        id: 'am',
        labels: {
          de: 'Bewirtschaftungsgebiete/Schutzgebiete/geregelte Gebiete und Berichterstattungseinheiten',
          en: 'Area management/restriction/regulation zones and reporting units',
        },
        descriptions: {
          de: 'INSPIRE-Anhang III',
          en: 'INSPIRE Annex III',
        },
        uri: 'https://inspire.ec.europa.eu/theme/am',
      },
      {
        id: 'nz',
        labels: {
          de: 'Gebiete mit naturbedingten Risiken',
          en: 'Natural risk zones',
        },
        descriptions: {
          de: 'INSPIRE-Anhang III',
          en: 'INSPIRE Annex III',
        },
        uri: 'https://inspire.ec.europa.eu/theme/nz',
      },
      {
        id: 'ac',
        labels: {
          de: 'Atmosphärische Bedingungen',
          en: 'Atmospheric conditions',
        },
        descriptions: {
          de: 'INSPIRE-Anhang III',
          en: 'INSPIRE Annex III',
        },
        uri: 'https://inspire.ec.europa.eu/theme/ac',
      },
      {
        id: 'mf',
        labels: {
          de: 'Meteorologisch-geografische Kennwerte',
          en: 'Meteorological geographical features',
        },
        descriptions: {
          de: 'INSPIRE-Anhang III',
          en: 'INSPIRE Annex III',
        },
        uri: 'https://inspire.ec.europa.eu/theme/mf',
      },
      {
        id: 'of',
        labels: {
          de: 'Ozeanografisch-geografische Kennwerte',
          en: 'Oceanographic geographical features',
        },
        descriptions: {
          de: 'INSPIRE-Anhang III',
          en: 'INSPIRE Annex III',
        },
        uri: 'https://inspire.ec.europa.eu/theme/of',
      },
      {
        id: 'sr',
        labels: {
          de: 'Meeresregionen',
          en: 'Sea regions',
        },
        descriptions: {
          de: 'INSPIRE-Anhang III',
          en: 'INSPIRE Annex III',
        },
        uri: 'https://inspire.ec.europa.eu/theme/sr',
      },
      {
        id: 'br',
        labels: {
          de: 'Biogeografische Regionen',
          en: 'Bio-geographical regions',
        },
        descriptions: {
          de: 'INSPIRE-Anhang III',
          en: 'INSPIRE Annex III',
        },
        uri: 'https://inspire.ec.europa.eu/theme/br',
      },
      {
        id: 'hb',
        labels: {
          de: 'Lebensräume und Biotope',
          en: 'Habitats and biotopes',
        },
        descriptions: {
          de: 'INSPIRE-Anhang III',
          en: 'INSPIRE Annex III',
        },
        uri: 'https://inspire.ec.europa.eu/theme/hb',
      },
      {
        id: 'sd',
        labels: {
          de: 'Verteilung der Arten',
          en: 'Species distribution',
        },
        descriptions: {
          de: 'INSPIRE-Anhang III',
          en: 'INSPIRE Annex III',
        },
        uri: 'https://inspire.ec.europa.eu/theme/sd',
      },
      {
        id: 'er',
        labels: {
          de: 'Energiequellen',
          en: 'Energy resources',
        },
        descriptions: {
          de: 'INSPIRE-Anhang III',
          en: 'INSPIRE Annex III',
        },
        uri: 'https://inspire.ec.europa.eu/theme/er',
      },
      {
        id: 'mr',
        labels: {
          de: 'Mineralische Bodenschätze',
          en: 'Mineral resources',
        },
        descriptions: {
          de: 'INSPIRE-Anhang III',
          en: 'INSPIRE Annex III',
        },
        uri: 'https://inspire.ec.europa.eu/theme/mr',
      },
    ],
  },
  {
    id: 'license',
    labels: {
      de: 'Lizenzen',
      en: 'Licences',
    },
    descriptions: {
      de: 'Lizenzen, unter denen Daten und Dienste genutzt werden dürfen.',
      en: 'Licences under which data and services may be used.',
    },
    nodes: [
      {
        id: 'dl-de-by-2.0',
        labels: {
          de: 'Datenlizenz Deutschland – Namensnennung – Version 2.0',
          en: 'Data licence Germany – attribution – version 2.0',
        },
        descriptions: {
          de: 'Freie Nutzung, Veränderung und Weitergabe, auch kommerziell, mit Quellenvermerk.',
          en: 'Free use, modification and distribution, also commercial, with attribution of the source.',
        },
        url: 'https://www.govdata.de/dl-de/by-2-0',
        uri: 'http://dcat-ap.de/def/licenses/dl-by-de/2.0',
      },
      {
        id: 'dl-de-zero-2.0',
        labels: {
          de: 'Datenlizenz Deutschland – Zero – Version 2.0',
          en: 'Data licence Germany – Zero – version 2.0',
        },
        descriptions: {
          de: 'Freie Nutzung, Veränderung und Weitergabe ohne Einschränkungen und ohne Quellenvermerk.',
          en: 'Free use, modification and distribution without restrictions or attribution.',
        },
        url: 'https://www.govdata.de/dl-de/zero-2-0',
        uri: 'http://dcat-ap.de/def/licenses/dl-zero-de/2.0',
      },
      {
        id: 'cc0-1.0',
        labels: {
          de: 'Creative Commons CC0 1.0 Universell (Verzicht auf das Urheberrecht)',
          en: 'Creative Commons CC0 1.0 Universal (public domain dedication)',
        },
        descriptions: {
          de: 'Die Rechteinhaber verzichten weltweit auf alle Rechte, soweit gesetzlich möglich.',
          en: 'The rights holders waive all rights worldwide to the extent allowed by law.',
        },
        url: 'https://creativecommons.org/publicdomain/zero/1.0/legalcode',
        uri: 'http://spdx.org/licenses/CC0-1.0',
      },
      {
        id: 'cc-by-4.0',
        labels: {
          de: 'Creative Commons Namensnennung 4.0 International',
          en: 'Creative Commons Attribution 4.0 International',
        },
        descriptions: {
          de: 'Freie Nutzung und Bearbeitung, auch kommerziell, mit Namensnennung.',
          en: 'Free use and adaptation, also commercial, with attribution.',
        },
        url: 'https://creativecommons.org/licenses/by/4.0/legalcode',
        uri: 'http://spdx.org/licenses/CC-BY-4.0',
      },
      {
        id: 'cc-by-sa-4.0',
        labels: {
          de: 'Creative Commons Namensnennung – Weitergabe unter gleichen Bedingungen 4.0 International',
          en: 'Creative Commons Attribution-ShareAlike 4.0 International',
        },
        descriptions: {
          de: 'Wie CC BY 4.0; Bearbeitungen müssen unter derselben Lizenz weitergegeben werden.',
          en: 'As CC BY 4.0; adaptations must be shared under the same licence.',
        },
        url: 'https://creativecommons.org/licenses/by-sa/4.0/legalcode',
        uri: 'http://spdx.org/licenses/CC-BY-SA-4.0',
      },
      {
        id: 'odbl-1.0',
        labels: {
          de: 'Open Database License (ODbL) 1.0',
          en: 'Open Database License (ODbL) 1.0',
        },
        descriptions: {
          de: 'Freie Nutzung von Datenbanken mit Namensnennung; abgeleitete Datenbanken unter derselben Lizenz.',
          en: 'Free use of databases with attribution; derived databases under the same licence.',
        },
        url: 'https://opendatacommons.org/licenses/odbl/1-0/',
        uri: 'http://spdx.org/licenses/ODbL-1.0',
      },
      {
        id: 'other',
        labels: {
          de: 'Andere Lizenz (siehe Nutzungsbedingungen)',
          en: 'Other licence (see use constraints)',
        },
        descriptions: {
          de: 'Die Bedingungen stehen in den Nutzungsbedingungen des Eintrags.',
          en: 'The terms are given in the use constraints of the record.',
        },
      },
    ],
  },
  {
    id: 'resourceType',
    labels: {
      de: 'Ressourcentypen',
      en: 'Resource types',
    },
    descriptions: {
      de: 'Art der beschriebenen Ressource nach ISO 19115 (MD_ScopeCode).',
      en: 'Kind of the described resource after ISO 19115 (MD_ScopeCode).',
    },
    nodes: [
      {
        id: 'dataset',
        labels: {
          de: 'Datensatz',
          en: 'Dataset',
        },
        descriptions: {
          de: 'Eine abgegrenzte Sammlung von Geodaten.',
          en: 'An identifiable collection of spatial data.',
        },
        uri: 'http://inspire.ec.europa.eu/metadata-codelist/ResourceType/dataset',
      },
      {
        id: 'series',
        labels: {
          de: 'Datensatzreihe',
          en: 'Dataset series',
        },
        descriptions: {
          de: 'Eine Reihe von Datensätzen mit gemeinsamer Produktspezifikation, z. B. Kartenblätter oder Jahrgänge.',
          en: 'A collection of datasets sharing the same product specification, e.g. map sheets or yearly editions.',
        },
        uri: 'http://inspire.ec.europa.eu/metadata-codelist/ResourceType/series',
      },
      {
        id: 'service',
        labels: {
          de: 'Dienst',
          en: 'Service',
        },
        descriptions: {
          de: 'Ein Geodatendienst, z. B. ein Darstellungs- oder Downloaddienst.',
          en: 'A spatial data service, e.g. a view or download service.',
        },
        uri: 'http://inspire.ec.europa.eu/metadata-codelist/ResourceType/service',
      },
      {
        id: 'application',
        labels: {
          de: 'Anwendung',
          en: 'Application',
        },
        descriptions: {
          de: 'Eine Anwendung, die mit Geodaten arbeitet, z. B. ein Fachportal oder eine Karten-App.',
          en: 'An application working with spatial data, e.g. a thematic portal or a map app.',
        },
      },
      {
        id: 'non-geographic-dataset',
        labels: {
          de: 'Nicht-geografischer Datensatz',
          en: 'Non-geographic dataset',
        },
        descriptions: {
          de: 'Daten ohne Raumbezug, z. B. Tabellen oder Berichte zu Geodaten.',
          en: 'Data without a spatial reference, e.g. tables or reports about spatial data.',
        },
      },
    ],
  },
  {
    id: 'contactRole',
    labels: {
      de: 'Rollen von Kontakten',
      en: 'Contact roles',
    },
    descriptions: {
      de: 'Funktion einer verantwortlichen Stelle nach ISO 19115 (CI_RoleCode).',
      en: 'Function of a responsible party after ISO 19115 (CI_RoleCode).',
    },
    nodes: [
      {
        id: 'resourceProvider',
        labels: {
          de: 'Ressourcenanbieter',
          en: 'Resource provider',
        },
        descriptions: {
          de: 'Stelle, die die Ressource bereitstellt.',
          en: 'Party that supplies the resource.',
        },
        uri: 'http://inspire.ec.europa.eu/metadata-codelist/ResponsiblePartyRole/resourceProvider',
      },
      {
        id: 'custodian',
        labels: {
          de: 'Verwalter',
          en: 'Custodian',
        },
        descriptions: {
          de: 'Stelle, die die Verantwortung für die Daten übernimmt und ihre Pflege sicherstellt.',
          en: 'Party that accepts accountability and responsibility for the data and ensures appropriate care and maintenance of the resource.',
        },
        uri: 'http://inspire.ec.europa.eu/metadata-codelist/ResponsiblePartyRole/custodian',
      },
      {
        id: 'owner',
        labels: {
          de: 'Eigentümer',
          en: 'Owner',
        },
        descriptions: {
          de: 'Stelle, der die Ressource gehört.',
          en: 'Party that owns the resource.',
        },
        uri: 'http://inspire.ec.europa.eu/metadata-codelist/ResponsiblePartyRole/owner',
      },
      {
        id: 'user',
        labels: {
          de: 'Nutzer',
          en: 'User',
        },
        descriptions: {
          de: 'Stelle, die die Ressource nutzt.',
          en: 'Party who uses the resource.',
        },
        uri: 'http://inspire.ec.europa.eu/metadata-codelist/ResponsiblePartyRole/user',
      },
      {
        id: 'distributor',
        labels: {
          de: 'Vertreiber',
          en: 'Distributor',
        },
        descriptions: {
          de: 'Stelle, die die Ressource vertreibt.',
          en: 'Party who distributes the resource.',
        },
        uri: 'http://inspire.ec.europa.eu/metadata-codelist/ResponsiblePartyRole/distributor',
      },
      {
        id: 'originator',
        labels: {
          de: 'Urheber',
          en: 'Originator',
        },
        descriptions: {
          de: 'Stelle, die die Ressource erstellt hat.',
          en: 'Party who created the resource.',
        },
        uri: 'http://inspire.ec.europa.eu/metadata-codelist/ResponsiblePartyRole/originator',
      },
      {
        id: 'pointOfContact',
        labels: {
          de: 'Ansprechpartner',
          en: 'Point of contact',
        },
        descriptions: {
          de: 'Stelle, die zu der Ressource und ihrem Bezug Auskunft gibt.',
          en: 'Party who can be contacted for acquiring knowledge about or acquisition of the resource.',
        },
        uri: 'http://inspire.ec.europa.eu/metadata-codelist/ResponsiblePartyRole/pointOfContact',
      },
      {
        id: 'principalInvestigator',
        labels: {
          de: 'Projektleitung',
          en: 'Principal investigator',
        },
        descriptions: {
          de: 'Hauptverantwortliche Stelle für die Erhebung der Informationen und die Durchführung der Forschung.',
          en: 'Key party responsible for gathering information and conducting research.',
        },
        uri: 'http://inspire.ec.europa.eu/metadata-codelist/ResponsiblePartyRole/principalInvestigator',
      },
      {
        id: 'processor',
        labels: {
          de: 'Bearbeiter',
          en: 'Processor',
        },
        descriptions: {
          de: 'Stelle, die die Daten so bearbeitet hat, dass die Ressource verändert wurde.',
          en: 'Party who has processed the data in a manner such that the resource has been modified.',
        },
        uri: 'http://inspire.ec.europa.eu/metadata-codelist/ResponsiblePartyRole/processor',
      },
      {
        id: 'publisher',
        labels: {
          de: 'Herausgeber',
          en: 'Publisher',
        },
        descriptions: {
          de: 'Stelle, die die Ressource veröffentlicht hat.',
          en: 'Party who published the resource.',
        },
        uri: 'http://inspire.ec.europa.eu/metadata-codelist/ResponsiblePartyRole/publisher',
      },
      {
        id: 'author',
        labels: {
          de: 'Autor',
          en: 'Author',
        },
        descriptions: {
          de: 'Stelle, die die Ressource verfasst hat.',
          en: 'Party who authored the resource.',
        },
        uri: 'http://inspire.ec.europa.eu/metadata-codelist/ResponsiblePartyRole/author',
      },
    ],
  },
  {
    id: 'protocol',
    labels: {
      de: 'Protokolle von Online-Ressourcen',
      en: 'Online resource protocols',
    },
    descriptions: {
      de: 'Art des Zugangs zu einer Online-Ressource: Dienst, Download oder Webseite.',
      en: 'How an online resource is accessed: service, download or web page.',
    },
    nodes: [
      {
        id: 'wms',
        labels: {
          de: 'OGC Web Map Service (WMS)',
          en: 'OGC Web Map Service (WMS)',
        },
        descriptions: {
          de: 'Darstellungsdienst, der Kartenbilder für einen Ausschnitt liefert.',
          en: 'View service that renders map images for an extent.',
        },
        uri: 'http://www.opengis.net/def/serviceType/ogc/wms',
      },
      {
        id: 'wmts',
        labels: {
          de: 'OGC Web Map Tile Service (WMTS)',
          en: 'OGC Web Map Tile Service (WMTS)',
        },
        descriptions: {
          de: 'Darstellungsdienst, der vorberechnete Kartenkacheln liefert.',
          en: 'View service that delivers pre-rendered map tiles.',
        },
        uri: 'http://www.opengis.net/def/serviceType/ogc/wmts',
      },
      {
        id: 'wfs',
        labels: {
          de: 'OGC Web Feature Service (WFS)',
          en: 'OGC Web Feature Service (WFS)',
        },
        descriptions: {
          de: 'Downloaddienst für Vektordaten (Features), abfragbar nach Raum und Attributen.',
          en: 'Download service for vector data (features), queryable by space and attributes.',
        },
        uri: 'http://www.opengis.net/def/serviceType/ogc/wfs',
      },
      {
        id: 'ogc-api-features',
        labels: {
          de: 'OGC API – Features',
          en: 'OGC API – Features',
        },
        descriptions: {
          de: 'Web-API für Vektordaten nach OGC API – Features (Teil 1: Core), mit JSON- und HTML-Ausgabe.',
          en: 'Web API for vector data after OGC API – Features (Part 1: Core), with JSON and HTML output.',
        },
        uri: 'http://www.opengis.net/spec/ogcapi-features-1/1.0',
      },
      {
        id: 'download',
        labels: {
          de: 'Download',
          en: 'Download',
        },
        descriptions: {
          de: 'Direkter Download einer Datei, z. B. GeoPackage, Shapefile-Archiv oder GeoTIFF.',
          en: 'Direct download of a file, e.g. GeoPackage, zipped shapefile or GeoTIFF.',
        },
      },
      {
        id: 'website',
        labels: {
          de: 'Webseite',
          en: 'Website',
        },
        descriptions: {
          de: 'Webseite mit weiteren Informationen oder einer Anwendung.',
          en: 'Web page with further information or an application.',
        },
      },
      {
        id: 'documentation',
        labels: {
          de: 'Dokumentation',
          en: 'Documentation',
        },
        descriptions: {
          de: 'Dokumentation der Daten, z. B. Produktspezifikation, Objektartenkatalog oder Bericht.',
          en: 'Documentation of the data, e.g. product specification, feature catalogue or report.',
        },
      },
    ],
  },
];
