import type { Metadata } from '@geoportal/contract/record';
import { xmlNamespaces } from '../../xml/namespaces.js';
import { element, textElement } from '../../xml/xml-writing.js';
import { dublinCoreElements } from '../records/dublin-core.js';

/**
 * Records as unqualified Dublin Core in the OAI-PMH container `oai_dc:dc` (OAI-PMH 2.0 §6.2,
 * schema oai_dc.xsd), the format every harvester reads. The elements and values are the
 * catalogue's one Dublin Core mapping (records/dublin-core.ts), which CSW writes too: all of
 * them, each refinement as the element it refines (dct:abstract as dc:description, the online
 * resources as dc:relation, the extents as dc:coverage), texts in each language the record
 * has, marked with `xml:lang`. The `scheme` of a value is not written: oai_dc's dc.xsd allows
 * no attribute but xml:lang. The record's last change is the header's datestamp, not a dc:date.
 */

export const OAI_DC = {
  prefix: 'oai_dc',
  namespace: xmlNamespaces.oaiDc,
  schema: 'http://www.openarchives.org/OAI/2.0/oai_dc.xsd',
} as const;

const DC = xmlNamespaces.dc;

/** What the mapping reads of a record. */
export interface DcSource {
  id: string;
  type: string;
  metadata: Metadata;
}

/** The `oai_dc:dc` element of a record; `recordUrl` is its page, the identifier people follow. */
export function oaiDc(record: DcSource, recordUrl: string): string {
  const elements = dublinCoreElements(
    { id: record.id, type: record.type, metadata: record.metadata, pageUrl: recordUrl },
    'each',
  );
  const seen = new Set<string>();
  const written: string[] = [];
  for (const e of elements) {
    // Two refinements may say the same as their element; written once.
    const key = JSON.stringify([e.element, e.lang, e.value]);
    if (seen.has(key)) continue;
    seen.add(key);
    written.push(textElement(`dc:${e.element}`, e.value, e.lang ? { 'xml:lang': e.lang } : {}));
  }
  return element(
    'oai_dc:dc',
    {
      'xmlns:oai_dc': OAI_DC.namespace,
      'xmlns:dc': DC,
      'xmlns:xsi': xmlNamespaces.xsi,
      'xsi:schemaLocation': `${OAI_DC.namespace} ${OAI_DC.schema}`,
    },
    ...written,
  );
}
