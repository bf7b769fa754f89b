import type { FastifyInstance } from 'fastify';
import { preferredType } from '../../http/negotiate.js';
import { extensions, mediaTypes, type RdfFormat } from './dcat-serialize.js';

/**
 * Content negotiation on the record page, so that a dataset's IRI (the record page +
 * `#dataset`) dereferences to its RDF: a GET of `/metadata/{id}` whose Accept header
 * prefers Turtle, RDF/XML or JSON-LD to HTML is answered `303 See Other` with the record's
 * DCAT on the API (`/api/v1/object/{id}?format=…`), which applies the access rules. Browsers
 * ask for HTML first and get the page as before.
 */

const RECORD_PAGE = /^\/metadata\/([\w-]{10,64})\/?(?:\?.*)?$/;

/** The page's own media types: a browser that accepts them as well as RDF gets the page. */
const pageTypes = ['text/html', 'application/xhtml+xml'];
const rdfFormats = Object.keys(mediaTypes) as RdfFormat[];
/** The page first: a wildcard (`*∕*`, `text/*`) asks for the page, as before. */
const offered = [...pageTypes, ...rdfFormats.map((f) => mediaTypes[f])];

/** The RDF format the Accept header prefers to the page, if any. */
function preferredRdf(accept: string | undefined): RdfFormat | undefined {
  const type = preferredType(accept, offered);
  return rdfFormats.find((f) => mediaTypes[f] === type);
}

export function registerRecordPageNegotiation(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const id = RECORD_PAGE.exec(request.url)?.[1];
    if (!id) return;
    const format = preferredRdf(request.headers.accept);
    if (!format) return;
    return reply
      .code(303)
      .header('vary', 'Accept')
      .header('location', `/api/v1/object/${id}?format=${extensions[format]}`)
      .send();
  });
}
