import { readdir, readFile } from 'node:fs/promises';
import type { Quad } from '@rdfjs/types';
import jsonld from 'jsonld';
import { Parser, Store } from 'n3';
import SHACLValidator from 'rdf-validate-shacl';
import { RdfXmlParser } from 'rdfxml-streaming-parser';

/**
 * Reading the DCAT output back and validating it: Turtle with N3.js, RDF/XML with
 * rdfxml-streaming-parser, JSON-LD with jsonld.js, and the DCAT-AP.de 2.0 shapes of
 * testdata/ (with the vocabulary extract) with rdf-validate-shacl.
 */

const testdata = new URL('./testdata/', import.meta.url);

export const parseTurtle = (body: string, baseIRI?: string): Quad[] =>
  new Parser({ baseIRI }).parse(body) as Quad[];

export function parseRdfXml(body: string): Promise<Quad[]> {
  return new Promise((resolve, reject) => {
    const quads: Quad[] = [];
    const parser = new RdfXmlParser();
    parser.on('data', (quad: Quad) => quads.push(quad));
    parser.on('error', reject);
    parser.on('end', () => resolve(quads));
    parser.write(body);
    parser.end();
  });
}

export async function parseJsonLd(body: string): Promise<Quad[]> {
  const nquads = (await jsonld.toRDF(JSON.parse(body), {
    format: 'application/n-quads',
  })) as unknown as string;
  return new Parser({ format: 'N-Quads' }).parse(nquads) as Quad[];
}

/** The quads of a body in the media type it was answered with. */
export function parseRdf(body: string, contentType: string): Promise<Quad[]> {
  if (contentType.startsWith('text/turtle')) return Promise.resolve(parseTurtle(body));
  if (contentType.startsWith('application/rdf+xml')) return parseRdfXml(body);
  if (contentType.startsWith('application/ld+json')) return parseJsonLd(body);
  throw new Error(`Not an RDF media type: ${contentType}`);
}

let shapes: Promise<Quad[]> | undefined;

/** All shapes of testdata/ (the "Spezifikation" and "Konventionen" profiles and the ranges). */
function loadShapes(): Promise<Quad[]> {
  shapes ??= (async () => {
    const files = (await readdir(testdata)).filter(
      (f) => f.endsWith('.ttl') && f !== 'vocabularies.ttl',
    );
    const all: Quad[] = [];
    for (const file of files) {
      all.push(...parseTurtle(await readFile(new URL(file, testdata), 'utf8')));
    }
    return all;
  })();
  return shapes;
}

export interface ShaclResult {
  severity: string;
  message: string;
  focusNode: string;
  path: string;
}

/** The validation results of the data (with the vocabulary extract), by severity. */
export async function validateDcat(data: Quad[]) {
  const vocabularies = parseTurtle(await readFile(new URL('vocabularies.ttl', testdata), 'utf8'));
  const validator = new SHACLValidator(new Store(await loadShapes()));
  const report = await validator.validate(new Store([...data, ...vocabularies]));
  const results: ShaclResult[] = report.results.map((r) => ({
    severity: r.severity?.value.replace('http://www.w3.org/ns/shacl#', '') ?? '',
    message: r.message.map((m) => m.value).join(' / '),
    focusNode: r.focusNode?.value ?? '',
    path: r.path?.value ?? '',
  }));
  return {
    violations: results.filter((r) => r.severity === 'Violation'),
    warnings: results.filter((r) => r.severity === 'Warning'),
    all: results,
  };
}

/** Objects of `subject predicate ?`, as values. */
export const objectsOf = (quads: Quad[], subject: string, predicate: string) =>
  quads
    .filter((q) => q.subject.value === subject && q.predicate.value === predicate)
    .map((q) => q.object.value);

/** Subjects of `? rdf:type type`. */
export const ofType = (quads: Quad[], type: string) =>
  quads
    .filter(
      (q) =>
        q.predicate.value === 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type' &&
        q.object.value === type,
    )
    .map((q) => q.subject.value);

export const DCAT = 'http://www.w3.org/ns/dcat#';
export const DCT = 'http://purl.org/dc/terms/';
export const HYDRA = 'http://www.w3.org/ns/hydra/core#';
