import type { BlankNode, Literal, NamedNode, Quad } from '@rdfjs/types';
import { DataFactory, Store } from 'n3';
import { NS, type Prefix } from './dcat-vocabularies.js';

/**
 * A small builder over an N3.js store: the DCAT writers state triples with it, the serializers
 * read the store. Terms come from N3's DataFactory, so no RDF is ever built as text.
 */

const { namedNode, literal, blankNode, quad } = DataFactory;

export type Subject = NamedNode | BlankNode;
export type ObjectTerm = NamedNode | BlankNode | Literal;

/** A term of one of the known vocabularies, e.g. `term('dcat', 'Dataset')`. */
export const term = (prefix: Prefix, local: string): NamedNode =>
  namedNode(`${NS[prefix]}${local}`);

export const iri = (value: string): NamedNode => namedNode(value);

/** A plain or language-tagged literal. */
export const text = (value: string, language?: 'de' | 'en'): Literal => literal(value, language);

/** A typed literal, e.g. `typed('2024-01-01', 'date')` for xsd:date. */
export const typed = (value: string, xsdType: string, ns: Prefix = 'xsd'): Literal =>
  literal(value, term(ns, xsdType));

export class Graph {
  readonly store = new Store();

  /** A new blank node of this graph. */
  node(): BlankNode {
    return blankNode();
  }

  add(subject: Subject, predicate: NamedNode, object: ObjectTerm | undefined): this {
    if (object !== undefined) this.store.addQuad(quad(subject, predicate, object));
    return this;
  }

  /** `subject a type`, for each type. */
  type(subject: Subject, ...types: NamedNode[]): this {
    for (const t of types) this.add(subject, term('rdf', 'type'), t);
    return this;
  }

  /** The quads, in a stable order: subjects as added, then predicates and objects. */
  quads(): Quad[] {
    return this.store.getQuads(null, null, null, null);
  }
}
