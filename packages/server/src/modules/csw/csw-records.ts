import type { ObjectNormal } from '@geoportal/contract/object';
import type { BoundingBox } from '@geoportal/contract/record';
import { element, textElement } from '../../xml/xml-writing.js';
import { type DcElement, dublinCoreElements } from '../records/dublin-core.js';
import { decimal } from '../records/iso19139-writer.js';
import { invalid } from './csw.errors.js';

/**
 * Records as Dublin Core (`csw:BriefRecord`, `csw:SummaryRecord`, `csw:Record`, CSW 2.0.2
 * §10.2.5 and the schema record.xsd), in the order the schema demands. The elements and their
 * values are the catalogue's one Dublin Core mapping (records/dublin-core.ts), which OAI-PMH
 * writes too; here refinements are written as their DCMI terms (dct:abstract, …), the
 * bounding box as ows:BoundingBox, and each text in one language (German when the record has
 * it), since the schema's dc:SimpleLiteral carries a `scheme` but no `xml:lang`.
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
  'dc:contributor',
  'dc:date',
  'dc:language',
  'dc:rights',
  'dc:source',
  'dct:modified',
  'dct:abstract',
  'dct:references',
  'dct:spatial',
  'dct:temporal',
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

/** An ows:BoundingBox (EPSG:4326 in the CSW sense: longitude first, as CRS84). */
export function owsBoundingBox(box: BoundingBox): string {
  return element(
    'ows:BoundingBox',
    { crs: 'urn:ogc:def:crs:OGC:1.3:CRS84', dimensions: 2 },
    textElement('ows:LowerCorner', `${decimal(box.west)} ${decimal(box.south)}`),
    textElement('ows:UpperCorner', `${decimal(box.east)} ${decimal(box.north)}`),
  );
}

/** The qualified name CSW writes an element under. */
const nameOf = (e: DcElement): string =>
  e.box ? 'ows:BoundingBox' : e.refinement ? `dct:${e.refinement}` : `dc:${e.element}`;

/** What a record is written from: the object as read, or as a page of records has it. */
export type CswObject = Pick<ObjectNormal, 'id' | 'type' | 'metadata' | 'modified'>;

/**
 * Every element of the record as XML, by qualified name. Of the identifiers only the first,
 * the record's: CSW 2.0.2 (07-006r1 §6.3.2) defines Identifier as "a unique reference to the
 * record within the catalogue", the id GetRecordById takes; the resource's own identifier is
 * the ISO profile's ResourceIdentifier, in the ISO output.
 */
function recordElements(object: CswObject) {
  const { id, type, metadata, modified } = object;
  const elements = dublinCoreElements({ id, type, metadata, modified }, 'preferred');
  const written = new Map<string, string[]>();
  for (const e of elements) {
    const name = nameOf(e);
    if (name === 'dc:identifier' && written.has(name)) continue;
    const xml = e.box
      ? owsBoundingBox(e.box)
      : textElement(name, e.value, e.scheme ? { scheme: e.scheme } : {});
    written.set(name, [...(written.get(name) ?? []), xml]);
  }
  return written;
}

/**
 * The record in one of the three element sets, or as a `csw:Record` with only the elements
 * named (ElementName), in the schema's order.
 */
export function dublinCore(object: CswObject, set: ElementSet | ElementName[]): string {
  const all = recordElements(object);
  const pick = (names: readonly ElementName[]) =>
    recordElementNames.filter((n) => names.includes(n)).flatMap((n) => all.get(n) ?? []);
  if (set === 'brief') return element('csw:BriefRecord', {}, ...pick(briefNames));
  if (set === 'summary') return element('csw:SummaryRecord', {}, ...pick(summaryNames));
  return element('csw:Record', {}, ...pick(set === 'full' ? recordElementNames : set));
}
