import { node, type SeedClassification } from './seed-classification.js';

/**
 * Licences commonly used for open geodata in Germany. `url` points to the licence text,
 * `uri` to the identifier used in DCAT-AP.de (Datenlizenz Deutschland) or the SPDX list.
 * `other` stands for terms given in the record's use constraints.
 */
export const license: SeedClassification = {
  id: 'license',
  input: {
    labels: { de: 'Lizenzen', en: 'Licences' },
    descriptions: {
      de: 'Lizenzen, unter denen Daten und Dienste genutzt werden dürfen.',
      en: 'Licences under which data and services may be used.',
    },
    nodes: [
      node(
        'dl-de-by-2.0',
        'Datenlizenz Deutschland – Namensnennung – Version 2.0',
        'Data licence Germany – attribution – version 2.0',
        {
          descriptions: {
            de: 'Freie Nutzung, Veränderung und Weitergabe, auch kommerziell, mit Quellenvermerk.',
            en: 'Free use, modification and distribution, also commercial, with attribution of the source.',
          },
          url: 'https://www.govdata.de/dl-de/by-2-0',
          uri: 'http://dcat-ap.de/def/licenses/dl-by-de/2.0',
        },
      ),
      node(
        'dl-de-zero-2.0',
        'Datenlizenz Deutschland – Zero – Version 2.0',
        'Data licence Germany – Zero – version 2.0',
        {
          descriptions: {
            de: 'Freie Nutzung, Veränderung und Weitergabe ohne Einschränkungen und ohne Quellenvermerk.',
            en: 'Free use, modification and distribution without restrictions or attribution.',
          },
          url: 'https://www.govdata.de/dl-de/zero-2-0',
          uri: 'http://dcat-ap.de/def/licenses/dl-zero-de/2.0',
        },
      ),
      node(
        'cc0-1.0',
        'Creative Commons CC0 1.0 Universell (Verzicht auf das Urheberrecht)',
        'Creative Commons CC0 1.0 Universal (public domain dedication)',
        {
          descriptions: {
            de: 'Die Rechteinhaber verzichten weltweit auf alle Rechte, soweit gesetzlich möglich.',
            en: 'The rights holders waive all rights worldwide to the extent allowed by law.',
          },
          url: 'https://creativecommons.org/publicdomain/zero/1.0/legalcode',
          uri: 'http://spdx.org/licenses/CC0-1.0',
        },
      ),
      node(
        'cc-by-4.0',
        'Creative Commons Namensnennung 4.0 International',
        'Creative Commons Attribution 4.0 International',
        {
          descriptions: {
            de: 'Freie Nutzung und Bearbeitung, auch kommerziell, mit Namensnennung.',
            en: 'Free use and adaptation, also commercial, with attribution.',
          },
          url: 'https://creativecommons.org/licenses/by/4.0/legalcode',
          uri: 'http://spdx.org/licenses/CC-BY-4.0',
        },
      ),
      node(
        'cc-by-sa-4.0',
        'Creative Commons Namensnennung – Weitergabe unter gleichen Bedingungen 4.0 International',
        'Creative Commons Attribution-ShareAlike 4.0 International',
        {
          descriptions: {
            de: 'Wie CC BY 4.0; Bearbeitungen müssen unter derselben Lizenz weitergegeben werden.',
            en: 'As CC BY 4.0; adaptations must be shared under the same licence.',
          },
          url: 'https://creativecommons.org/licenses/by-sa/4.0/legalcode',
          uri: 'http://spdx.org/licenses/CC-BY-SA-4.0',
        },
      ),
      node('odbl-1.0', 'Open Database License (ODbL) 1.0', 'Open Database License (ODbL) 1.0', {
        descriptions: {
          de: 'Freie Nutzung von Datenbanken mit Namensnennung; abgeleitete Datenbanken unter derselben Lizenz.',
          en: 'Free use of databases with attribution; derived databases under the same licence.',
        },
        url: 'https://opendatacommons.org/licenses/odbl/1-0/',
        uri: 'http://spdx.org/licenses/ODbL-1.0',
      }),
      node(
        'other',
        'Andere Lizenz (siehe Nutzungsbedingungen)',
        'Other licence (see use constraints)',
        {
          descriptions: {
            de: 'Die Bedingungen stehen in den Nutzungsbedingungen des Eintrags.',
            en: 'The terms are given in the use constraints of the record.',
          },
        },
      ),
    ],
  },
};
