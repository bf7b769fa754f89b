import { node, type SeedClassification } from './seed-classification.js';

const inspire = (code: string) =>
  `http://inspire.ec.europa.eu/metadata-codelist/ResourceType/${code}`;

/**
 * What a record describes (ISO 19115 MD_ScopeCode, the subset a catalogue needs). The codes
 * are the object's `type`, so they follow its pattern (lower case and hyphens).
 */
export const resourceType: SeedClassification = {
  id: 'resourceType',
  input: {
    labels: { de: 'Ressourcentypen', en: 'Resource types' },
    descriptions: {
      de: 'Art der beschriebenen Ressource nach ISO 19115 (MD_ScopeCode).',
      en: 'Kind of the described resource after ISO 19115 (MD_ScopeCode).',
    },
    nodes: [
      node('dataset', 'Datensatz', 'Dataset', {
        descriptions: {
          de: 'Eine abgegrenzte Sammlung von Geodaten.',
          en: 'An identifiable collection of spatial data.',
        },
        uri: inspire('dataset'),
      }),
      node('series', 'Datensatzreihe', 'Dataset series', {
        descriptions: {
          de: 'Eine Reihe von Datensätzen mit gemeinsamer Produktspezifikation, z. B. Kartenblätter oder Jahrgänge.',
          en: 'A collection of datasets sharing the same product specification, e.g. map sheets or yearly editions.',
        },
        uri: inspire('series'),
      }),
      node('service', 'Dienst', 'Service', {
        descriptions: {
          de: 'Ein Geodatendienst, z. B. ein Darstellungs- oder Downloaddienst.',
          en: 'A spatial data service, e.g. a view or download service.',
        },
        uri: inspire('service'),
      }),
      node('application', 'Anwendung', 'Application', {
        descriptions: {
          de: 'Eine Anwendung, die mit Geodaten arbeitet, z. B. ein Fachportal oder eine Karten-App.',
          en: 'An application working with spatial data, e.g. a thematic portal or a map app.',
        },
      }),
      node('non-geographic-dataset', 'Nicht-geografischer Datensatz', 'Non-geographic dataset', {
        descriptions: {
          de: 'Daten ohne Raumbezug, z. B. Tabellen oder Berichte zu Geodaten.',
          en: 'Data without a spatial reference, e.g. tables or reports about spatial data.',
        },
      }),
    ],
  },
};
