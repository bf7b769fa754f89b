import type { ObjectNormal } from '@geoportal/contract/object';
import type { BoundingBox, LanguageText } from '@geoportal/contract/record';
import { scopeCode } from '../records/iso19139-codes.js';
import { decimal } from '../records/iso19139-writer.js';
import { element, textElement } from '../records/xml-writing.js';
import { invalid } from './csw.errors.js';

/**
 * Records as Dublin Core (`csw:BriefRecord`, `csw:SummaryRecord`, `csw:Record`, CSW 2.0.2
 * §10.2.5 and the schema record.xsd), in the order the schema demands. Texts are written in
 * the record's main language (German when it has one, as the ISO writer does).
 */

export type ElementSet = 'brief' | 'summary' | 'full';

/** The elements of a full record in their order, by qualified name. */
export const recordElementNames = [
  'dc:identifier',
  'dc:title',
  'dc:type',
  'dc:subject',
  'dc:format',
  'dc:relation',
  'dc:creator',
  'dc:publisher',
  'dc:date',
  'dc:language',
  'dc:rights',
  'dc:source',
  'dct:modified',
  'dct:abstract',
  'dct:references',
  'dct:spatial',
  'ows:BoundingBox',
] as const;
export type ElementName = (typeof recordElementNames)[number];

const briefNames: ElementName[] = ['dc:identifier', 'dc:title', 'dc:type', 'ows:BoundingBox'];
// Summary records list dct:spatial too, after the abstract; ours carry the CRS in full only.
const summaryNames: ElementName[] = [
  'dc:identifier',
  'dc:title',
  'dc:type',
  'dc:subject',
  'dc:format',
  'dc:relation',
  'dct:modified',
  'dct:abstract',
  'ows:BoundingBox',
];

/**
 * The qualified names of an `ElementName` list (`dc:title`, `title`, `dct:abstract`, any case);
 * an element records do not have is InvalidParameterValue.
 */
export function elementNames(asked: string[]): ElementName[] {
  return asked.map((name) => {
    const local = name.trim().replace(/^.*:/, '').toLowerCase();
    const found = recordElementNames.find((n) => n.replace(/^.*:/, '').toLowerCase() === local);
    if (!found) {
      throw invalid(
        'ElementName',
        `Records have no element "${name.slice(0, 60)}". Use ${recordElementNames.join(', ')}.`,
      );
    }
    return found;
  });
}

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

/** Every element of the record, each name with its occurrences. */
function recordElements(object: ObjectNormal): Record<ElementName, string[]> {
  const m = object.metadata;
  const organisations = [
    ...new Set((m.contacts ?? []).map((c) => c.organisation ?? c.person).filter(Boolean)),
  ] as string[];
  const publisher = (m.contacts ?? []).find((c) => c.role === 'publisher');
  const date = m.dates?.revision ?? m.dates?.publication ?? m.dates?.creation;
  const abstract = text(m.abstract);
  const many = (name: string, values: (string | undefined)[]) =>
    values.filter((v): v is string => Boolean(v)).map((v) => textElement(name, v));
  return {
    'dc:identifier': [textElement('dc:identifier', object.id)],
    'dc:title': [textElement('dc:title', text(m.title) ?? '')],
    'dc:type': [textElement('dc:type', scopeCode(object.type))],
    'dc:subject': many('dc:subject', [...(m.keywords ?? []), ...(m.topicCategories ?? [])]),
    'dc:format': many(
      'dc:format',
      (m.formats ?? []).map((f) => f.name),
    ),
    'dc:relation': many(
      'dc:relation',
      (m.related ?? []).map((r) => r.id),
    ),
    'dc:creator': many('dc:creator', organisations),
    'dc:publisher': many('dc:publisher', [publisher?.organisation ?? publisher?.person]),
    'dc:date': many('dc:date', [date]),
    'dc:language': [textElement('dc:language', m.title.de ? 'ger' : 'eng')],
    'dc:rights': many('dc:rights', [m.licence, text(m.useConstraints), text(m.accessConstraints)]),
    'dc:source': many('dc:source', [m.identifier]),
    'dct:modified': [textElement('dct:modified', object.modified.slice(0, 10))],
    'dct:abstract': many('dct:abstract', [abstract]),
    'dct:references': (m.onlineResources ?? []).map((r) =>
      textElement('dct:references', r.url, { scheme: r.protocol }),
    ),
    'dct:spatial': many('dct:spatial', [m.referenceSystem]),
    'ows:BoundingBox': m.extent ? [owsBoundingBox(m.extent)] : [],
  };
}

/**
 * The record in one of the three element sets, or as a `csw:Record` with only the elements
 * named (ElementName), in the schema's order.
 */
export function dublinCore(object: ObjectNormal, set: ElementSet | ElementName[]): string {
  const all = recordElements(object);
  const pick = (names: readonly ElementName[]) =>
    recordElementNames.filter((n) => names.includes(n)).flatMap((n) => all[n]);
  if (set === 'brief') return element('csw:BriefRecord', {}, ...pick(briefNames));
  if (set === 'summary') return element('csw:SummaryRecord', {}, ...pick(summaryNames));
  return element('csw:Record', {}, ...pick(set === 'full' ? recordElementNames : set));
}
