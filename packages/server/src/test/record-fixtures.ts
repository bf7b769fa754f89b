import type { Metadata } from '@geoportal/contract/record';

/**
 * A record that passes `missingRequired` for every resource type and uses only codes of the
 * seeded classifications, so it may be submitted and published. `overrides` replace whole
 * fields, e.g. `completeMetadata({ title: { de: 'Bodenkarte' } })`.
 */
export function completeMetadata(overrides: Partial<Metadata> = {}): Metadata {
  return {
    title: {
      de: 'Hydrogeologische Übersichtskarte 1:200 000',
      en: 'Hydrogeological map 1:200,000',
    },
    abstract: {
      de: 'Grundwasserleiter und Schutzfunktion der Deckschichten im Landesgebiet.',
      en: 'Aquifers and the protective function of the covering layers across the state.',
    },
    topicCategories: ['geoscientificInformation', 'inlandWaters'],
    keywords: ['Grundwasser', 'Hydrogeologie'],
    classifiedKeywords: [{ classification: 'inspireTheme', code: 'ge' }],
    extent: { west: 5.87, south: 50.32, east: 9.46, north: 52.53 },
    dates: { creation: '2024-03-01', publication: '2024-06-15' },
    contacts: [
      {
        organisation: 'Geologischer Dienst NRW',
        email: 'poststelle@gd.nrw.de',
        role: 'pointOfContact',
      },
    ],
    licence: 'dl-de-by-2.0',
    lineage: {
      de: 'Digitalisiert aus der analogen Karte und mit Bohrungsdaten abgeglichen.',
      en: 'Digitised from the printed map and reconciled with borehole data.',
    },
    onlineResources: [{ url: 'https://www.wms.nrw.de/gd/hk200', protocol: 'wms', layer: 'HK200' }],
    ...overrides,
  };
}
