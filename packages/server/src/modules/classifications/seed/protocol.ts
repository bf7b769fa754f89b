import { node, type SeedClassification } from './seed-classification.js';

/**
 * How an online resource is reached. `wms` and `wmts` are the map services the viewer can
 * show (`isMapService`); their URIs are the OGC service-type identifiers.
 */
export const protocol: SeedClassification = {
  id: 'protocol',
  input: {
    labels: { de: 'Protokolle von Online-Ressourcen', en: 'Online resource protocols' },
    descriptions: {
      de: 'Art des Zugangs zu einer Online-Ressource: Dienst, Download oder Webseite.',
      en: 'How an online resource is accessed: service, download or web page.',
    },
    nodes: [
      node('wms', 'OGC Web Map Service (WMS)', 'OGC Web Map Service (WMS)', {
        descriptions: {
          de: 'Darstellungsdienst, der Kartenbilder für einen Ausschnitt liefert.',
          en: 'View service that renders map images for an extent.',
        },
        uri: 'http://www.opengis.net/def/serviceType/ogc/wms',
      }),
      node('wmts', 'OGC Web Map Tile Service (WMTS)', 'OGC Web Map Tile Service (WMTS)', {
        descriptions: {
          de: 'Darstellungsdienst, der vorberechnete Kartenkacheln liefert.',
          en: 'View service that delivers pre-rendered map tiles.',
        },
        uri: 'http://www.opengis.net/def/serviceType/ogc/wmts',
      }),
      node('wfs', 'OGC Web Feature Service (WFS)', 'OGC Web Feature Service (WFS)', {
        descriptions: {
          de: 'Downloaddienst für Vektordaten (Features), abfragbar nach Raum und Attributen.',
          en: 'Download service for vector data (features), queryable by space and attributes.',
        },
        uri: 'http://www.opengis.net/def/serviceType/ogc/wfs',
      }),
      node('ogc-api-features', 'OGC API – Features', 'OGC API – Features', {
        descriptions: {
          de: 'Web-API für Vektordaten nach OGC API – Features (Teil 1: Core), mit JSON- und HTML-Ausgabe.',
          en: 'Web API for vector data after OGC API – Features (Part 1: Core), with JSON and HTML output.',
        },
        uri: 'http://www.opengis.net/spec/ogcapi-features-1/1.0',
      }),
      node('download', 'Download', 'Download', {
        descriptions: {
          de: 'Direkter Download einer Datei, z. B. GeoPackage, Shapefile-Archiv oder GeoTIFF.',
          en: 'Direct download of a file, e.g. GeoPackage, zipped shapefile or GeoTIFF.',
        },
      }),
      node('website', 'Webseite', 'Website', {
        descriptions: {
          de: 'Webseite mit weiteren Informationen oder einer Anwendung.',
          en: 'Web page with further information or an application.',
        },
      }),
      node('documentation', 'Dokumentation', 'Documentation', {
        descriptions: {
          de: 'Dokumentation der Daten, z. B. Produktspezifikation, Objektartenkatalog oder Bericht.',
          en: 'Documentation of the data, e.g. product specification, feature catalogue or report.',
        },
      }),
    ],
  },
};
