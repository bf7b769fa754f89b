import type { ObjectNormal } from '@geoportal/contract/object';
import type { BoundingBox, LanguageText } from '@geoportal/contract/record';
import { scopeCode } from '../records/iso19139-codes.js';
import { decimal } from '../records/iso19139-writer.js';
import { element, textElement } from './csw-xml.js';

/**
 * Records as Dublin Core (`csw:BriefRecord`, `csw:SummaryRecord`, `csw:Record`, CSW 2.0.2
 * §10.2.5 and the schema record.xsd), in the order the schema demands. Texts are written in
 * the record's main language (German when it has one, as the ISO writer does).
 */

export type ElementSet = 'brief' | 'summary' | 'full';

const text = (value: LanguageText | undefined) => value?.de ?? value?.en;

/** An ows:BoundingBox (EPSG:4326 in the CSW sense: longitude first, as CRS84). */
export function owsBoundingBox(box: BoundingBox): string {
  return element(
    'ows:BoundingBox',
    { crs: 'urn:ogc:def:crs:OGC:1.3:CRS84', dimensions: 2 },
    textElement('ows:LowerCorner', `${decimal(box.west)} ${decimal(box.south)}`),
    textElement('ows:UpperCorner', `${decimal(box.east)} ${decimal(box.north)}`),
  );
}

/** The record in one of the three Dublin Core element sets. */
export function dublinCore(object: ObjectNormal, set: ElementSet): string {
  const m = object.metadata;
  const identifier = textElement('dc:identifier', object.id);
  const title = textElement('dc:title', text(m.title) ?? '');
  const type = textElement('dc:type', scopeCode(object.type));
  const box = m.extent ? owsBoundingBox(m.extent) : '';
  if (set === 'brief') return element('csw:BriefRecord', {}, identifier, title, type, box);

  const subjects = [
    ...(m.keywords ?? []).map((k) => textElement('dc:subject', k)),
    ...(m.topicCategories ?? []).map((code) => textElement('dc:subject', code)),
  ];
  const formats = (m.formats ?? []).map((f) => textElement('dc:format', f.name));
  const relations = (m.related ?? []).map((r) => textElement('dc:relation', r.id));
  const modified = textElement('dct:modified', object.modified.slice(0, 10));
  const abstract = text(m.abstract) ? textElement('dct:abstract', text(m.abstract) as string) : '';
  if (set === 'summary') {
    return element(
      'csw:SummaryRecord',
      {},
      identifier,
      title,
      type,
      ...subjects,
      ...formats,
      ...relations,
      modified,
      abstract,
      box,
    );
  }

  const organisations = [
    ...new Set((m.contacts ?? []).map((c) => c.organisation ?? c.person).filter(Boolean)),
  ] as string[];
  const publisher = (m.contacts ?? []).find((c) => c.role === 'publisher');
  const date = m.dates?.revision ?? m.dates?.publication ?? m.dates?.creation;
  const rights = [m.licence, text(m.useConstraints), text(m.accessConstraints)].filter(
    (r): r is string => Boolean(r),
  );
  return element(
    'csw:Record',
    {},
    identifier,
    title,
    type,
    ...subjects,
    ...formats,
    ...relations,
    ...organisations.map((o) => textElement('dc:creator', o)),
    ...(publisher
      ? [textElement('dc:publisher', publisher.organisation ?? publisher.person ?? '')]
      : []),
    ...(date ? [textElement('dc:date', date)] : []),
    textElement('dc:language', m.title.de ? 'ger' : 'eng'),
    ...rights.map((r) => textElement('dc:rights', r)),
    ...(m.identifier ? [textElement('dc:source', m.identifier)] : []),
    modified,
    abstract,
    ...(m.onlineResources ?? []).map((r) =>
      textElement('dct:references', r.url, { scheme: r.protocol }),
    ),
    ...(m.referenceSystem ? [textElement('dct:spatial', m.referenceSystem)] : []),
    box,
  );
}
