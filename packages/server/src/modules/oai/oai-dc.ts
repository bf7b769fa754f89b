import type { LanguageText, Metadata } from '@geoportal/contract/record';
import { scopeCode } from '../records/iso19139-codes.js';
import { decimal } from '../records/iso19139-writer.js';
import { element, textElement } from '../records/xml-writing.js';

/**
 * Records as unqualified Dublin Core in the OAI-PMH container `oai_dc:dc` (OAI-PMH 2.0 §6.2,
 * schema oai_dc.xsd), the format every harvester reads. Texts are written in each language
 * the record has, marked with `xml:lang`; extents as DCMI Box and Period values.
 */

export const OAI_DC = {
  prefix: 'oai_dc',
  namespace: 'http://www.openarchives.org/OAI/2.0/oai_dc/',
  schema: 'http://www.openarchives.org/OAI/2.0/oai_dc.xsd',
} as const;

const DC = 'http://purl.org/dc/elements/1.1/';

/** What the mapping reads of a record. */
export interface DcSource {
  id: string;
  type: string;
  metadata: Metadata;
}

const unique = (values: (string | undefined)[]) => [
  ...new Set(values.filter((v): v is string => Boolean(v?.trim()))),
];

/** One element per language of a language map, German first. */
function languageElements(name: string, text: LanguageText | undefined): string[] {
  return (['de', 'en'] as const).flatMap((lang) => {
    const value = text?.[lang];
    return value ? [textElement(name, value, { 'xml:lang': lang })] : [];
  });
}

const many = (name: string, values: (string | undefined)[]) =>
  unique(values).map((value) => textElement(name, value));

/** The DCMI Box of the bounding box and the DCMI Period of the temporal extent. */
function coverage(m: Metadata): string[] {
  const box = m.extent
    ? `westlimit=${decimal(m.extent.west)}; southlimit=${decimal(m.extent.south)}; eastlimit=${decimal(m.extent.east)}; northlimit=${decimal(m.extent.north)}; projection=EPSG:4326`
    : undefined;
  const t = m.temporalExtent;
  const period =
    t && (t.start || t.end)
      ? [t.start ? `start=${t.start};` : '', t.end ? `end=${t.end};` : '', 'scheme=W3C-DTF']
          .filter(Boolean)
          .join(' ')
      : undefined;
  return many('dc:coverage', [box, period]);
}

/** The `oai_dc:dc` element of a record; `recordUrl` is its page, the identifier people follow. */
export function oaiDc(record: DcSource, recordUrl: string): string {
  const m = record.metadata;
  const contacts = m.contacts ?? [];
  const publishers = contacts.filter((c) => c.role === 'publisher');
  const creators = contacts.filter((c) => c.role !== 'publisher');
  return element(
    'oai_dc:dc',
    {
      'xmlns:oai_dc': OAI_DC.namespace,
      'xmlns:dc': DC,
      'xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance',
      'xsi:schemaLocation': `${OAI_DC.namespace} ${OAI_DC.schema}`,
    },
    ...languageElements('dc:title', m.title),
    ...many(
      'dc:creator',
      creators.map((c) => c.organisation ?? c.person),
    ),
    ...many('dc:subject', [...(m.keywords ?? []), ...(m.topicCategories ?? [])]),
    ...languageElements('dc:description', m.abstract),
    ...many(
      'dc:publisher',
      publishers.map((c) => c.organisation ?? c.person),
    ),
    ...many('dc:date', [m.dates?.revision ?? m.dates?.publication ?? m.dates?.creation]),
    textElement('dc:type', scopeCode(record.type)),
    ...many(
      'dc:format',
      (m.formats ?? []).map((f) => f.name),
    ),
    ...many('dc:identifier', [recordUrl, m.identifier]),
    ...many('dc:language', [m.title.de ? 'ger' : undefined, m.title.en ? 'eng' : undefined]),
    ...many(
      'dc:relation',
      (m.related ?? []).map((r) => r.id),
    ),
    ...coverage(m),
    ...many('dc:rights', [
      m.licence,
      m.useConstraints?.de ?? m.useConstraints?.en,
      m.accessConstraints?.de ?? m.accessConstraints?.en,
    ]),
  );
}
