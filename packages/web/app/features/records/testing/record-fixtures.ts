import type { Classification, ClassificationNode } from '@geoportal/contract/classification';
import type { ObjectDetailed } from '@geoportal/contract/object';
import type { RecordClassifications } from '../model/record-classifications';
import { draft } from './render-records';

// A record with every field filled and the classifications it uses, for the tests of the
// record page (view and loaders).

const node = (id: string, de: string, en: string, extra: Partial<ClassificationNode> = {}) => ({
  id,
  labels: { de, en },
  ...extra,
});

const classification = (
  id: string,
  labels: [string, string],
  nodes: ClassificationNode[],
): Classification => ({
  id,
  labels: { de: labels[0], en: labels[1] },
  nodes,
  modified: '2026-01-01T00:00:00.000Z',
});

export const classifications = {
  resourceType: classification(
    'resourceType',
    ['Ressourcentypen', 'Resource types'],
    [node('dataset', 'Geodatensatz', 'Spatial dataset')],
  ),
  topicCategory: classification(
    'topicCategory',
    ['Themenkategorien', 'Topic categories'],
    [node('geoscientificInformation', 'Geowissenschaften', 'Geoscientific information')],
  ),
  inspireTheme: classification(
    'inspireTheme',
    ['INSPIRE-Themen', 'INSPIRE themes'],
    [node('so', 'Boden', 'Soil'), node('ge', 'Geologie', 'Geology')],
  ),
  license: classification(
    'license',
    ['Lizenzen', 'Licences'],
    [
      node(
        'dl-de-by-2.0',
        'Datenlizenz Deutschland – Namensnennung – 2.0',
        'Data licence Germany – attribution – 2.0',
        {
          url: 'https://www.govdata.de/dl-de/by-2-0',
        },
      ),
    ],
  ),
  contactRole: classification(
    'contactRole',
    ['Rollen', 'Roles'],
    [
      node('pointOfContact', 'Ansprechpartner', 'Point of contact'),
      node('owner', 'Eigentümer', 'Owner'),
    ],
  ),
  protocol: classification(
    'protocol',
    ['Protokolle', 'Protocols'],
    [
      node('wms', 'Kartendienst (WMS)', 'Map service (WMS)'),
      node('download', 'Download', 'Download'),
    ],
  ),
} satisfies RecordClassifications;

/** The published record with every field, in the detailed view of someone who may write. */
export const fullRecord: ObjectDetailed = {
  ...draft,
  id: 'record-0000000042',
  state: 'published',
  title: { de: 'Bodenkarte Sachsen 1:50.000' },
  metadata: {
    title: { de: 'Bodenkarte Sachsen 1:50.000' },
    abstract: { de: 'Die Bodenkarte zeigt die **Böden** Sachsens.' },
    identifier: 'https://registry.example/bk50',
    topicCategories: ['geoscientificInformation'],
    keywords: ['Boden', 'Bodentyp'],
    classifiedKeywords: [
      { classification: 'inspireTheme', code: 'so' },
      { classification: 'inspireTheme', code: 'ge' },
    ],
    extent: { west: 11.87, south: 50.17, east: 15.04, north: 51.68 },
    temporalExtent: { start: '2020-01-01', end: '2024-12-31' },
    dates: { creation: '2020-03-15', revision: '2025-06-30' },
    contacts: [
      {
        organisation: 'Landesamt für Umwelt',
        person: 'Erika Muster',
        email: 'boden@lfu.example',
        phone: '+49 351 123-45',
        role: 'pointOfContact',
      },
    ],
    licence: 'dl-de-by-2.0',
    useConstraints: { en: 'Cite the source.' },
    accessConstraints: { de: 'Keine.' },
    referenceSystem: 'EPSG:25833',
    resolution: { kind: 'scale', denominator: 25_000 },
    formats: [{ name: 'GeoTIFF', version: '1.1' }, { name: 'GeoPackage' }],
    onlineResources: [
      {
        url: 'https://geo.example/wms',
        protocol: 'wms',
        name: 'Bodenkarte WMS',
        layer: 'bk50',
        description: 'Kartendienst der Bodenkarte.',
      },
      { url: 'https://geo.example/bk50.zip', protocol: 'download' },
    ],
    lineage: { de: 'Digitalisiert aus der *analogen* Karte.' },
    related: [{ id: 'record-0000000007', relation: 'crossReference' }],
  },
};
