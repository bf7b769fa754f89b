import type { Quad, Term } from '@rdfjs/types';
import jsonld from 'jsonld';
import { Writer } from 'n3';
import { declaration, element, textElement } from '../../xml/xml-writing.js';
import { NS, type Prefix } from './dcat-vocabularies.js';

/**
 * The three RDF serializations DCAT-AP.de harvesters read: Turtle (N3.js's writer), JSON-LD
 * (jsonld.js, compacted with the prefixes as its context) and RDF/XML. npm has no maintained
 * RDF/XML serializer (docs/decisions.md), so RDF/XML is written here from the quads, each
 * subject as an `rdf:Description` with its properties, through the XML writer that escapes
 * every text and attribute; the tests read it back with rdfxml-streaming-parser.
 */

export type RdfFormat = 'turtle' | 'rdfxml' | 'jsonld';

export const mediaTypes: Record<RdfFormat, string> = {
  turtle: 'text/turtle',
  rdfxml: 'application/rdf+xml',
  jsonld: 'application/ld+json',
};

export const extensions: Record<RdfFormat, string> = {
  turtle: 'ttl',
  rdfxml: 'rdf',
  jsonld: 'jsonld',
};

export function toTurtle(quads: Quad[]): Promise<string> {
  const writer = new Writer({ prefixes: { ...NS } });
  writer.addQuads(quads);
  return new Promise((resolve, reject) =>
    writer.end((error, result: string) => (error ? reject(error) : resolve(result))),
  );
}

function toNQuads(quads: Quad[]): Promise<string> {
  const writer = new Writer({ format: 'N-Quads' });
  writer.addQuads(quads);
  return new Promise((resolve, reject) =>
    writer.end((error, result: string) => (error ? reject(error) : resolve(result))),
  );
}

export async function toJsonLd(quads: Quad[]): Promise<string> {
  const expanded = await jsonld.fromRDF(await toNQuads(quads), {
    format: 'application/n-quads',
  });
  // The context is an object, never a URL: compaction loads nothing from the network.
  const compacted = await jsonld.compact(expanded, { ...NS });
  return JSON.stringify(compacted, null, 2);
}

/** `prefix:local` of an IRI in one of the known namespaces, for an XML element name. */
function qualifiedName(value: string): string {
  for (const [prefix, ns] of Object.entries(NS) as [Prefix, string][]) {
    const local = value.startsWith(ns) ? value.slice(ns.length) : undefined;
    if (local && /^[A-Za-z_][\w.-]*$/.test(local)) return `${prefix}:${local}`;
  }
  throw new Error(`The property ${value} has no namespace of the RDF/XML writer.`);
}

const nodeAttribute = (node: Term): Record<string, string> =>
  node.termType === 'BlankNode' ? { 'rdf:nodeID': node.value } : { 'rdf:about': node.value };

function property(quad: Quad): string {
  const name = qualifiedName(quad.predicate.value);
  const object = quad.object;
  if (object.termType === 'NamedNode') return element(name, { 'rdf:resource': object.value });
  if (object.termType === 'BlankNode') return element(name, { 'rdf:nodeID': object.value });
  if (object.termType !== 'Literal') throw new Error(`A ${object.termType} is not RDF data.`);
  if (object.language) return textElement(name, object.value, { 'xml:lang': object.language });
  const datatype = object.datatype.value;
  return textElement(
    name,
    object.value,
    datatype === `${NS.xsd}string` ? {} : { 'rdf:datatype': datatype },
  );
}

/** The `rdf:RDF` element of the quads (no XML declaration), for embedding (OAI-PMH). */
export function rdfXmlElement(quads: Quad[]): string {
  const bySubject = new Map<string, { subject: Term; quads: Quad[] }>();
  for (const quad of quads) {
    const key = `${quad.subject.termType}:${quad.subject.value}`;
    const entry = bySubject.get(key) ?? { subject: quad.subject, quads: [] };
    entry.quads.push(quad);
    bySubject.set(key, entry);
  }
  const namespaces = Object.fromEntries(
    Object.entries(NS).map(([prefix, ns]) => [`xmlns:${prefix}`, ns]),
  );
  return element(
    'rdf:RDF',
    namespaces,
    ...[...bySubject.values()].map(({ subject, quads: own }) =>
      element('rdf:Description', nodeAttribute(subject), ...own.map(property)),
    ),
  );
}

export const toRdfXml = (quads: Quad[]) => declaration + rdfXmlElement(quads);

/** The quads in the format. */
export function serialize(quads: Quad[], format: RdfFormat): Promise<string> {
  if (format === 'turtle') return toTurtle(quads);
  if (format === 'jsonld') return toJsonLd(quads);
  return Promise.resolve(toRdfXml(quads));
}
