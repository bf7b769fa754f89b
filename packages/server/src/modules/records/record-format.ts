import { preferredType } from '../../http/negotiate.js';
import { NotAcceptableError } from './record.errors.js';

/**
 * Representations of `GET /object/{id}`: JSON, ISO 19139, GeoJSON and DCAT-AP.de in the three
 * RDF serializations.
 */
export type RecordFormat = 'json' | 'iso19139' | 'geojson' | 'turtle' | 'rdfxml' | 'jsonld';

const formatParameter: Record<string, RecordFormat | 'dcat'> = {
  json: 'json',
  iso19139: 'iso19139',
  xml: 'iso19139',
  geojson: 'geojson',
  dcat: 'dcat',
  ttl: 'turtle',
  turtle: 'turtle',
  rdf: 'rdfxml',
  rdfxml: 'rdfxml',
  jsonld: 'jsonld',
};

/** The media types of the representations, JSON (the default) first. */
const mediaTypes: [string, RecordFormat][] = [
  ['application/json', 'json'],
  ['application/xml', 'iso19139'],
  ['text/xml', 'iso19139'],
  ['application/geo+json', 'geojson'],
  ['text/turtle', 'turtle'],
  ['application/rdf+xml', 'rdfxml'],
  ['application/ld+json', 'jsonld'],
];
const formatOf = new Map(mediaTypes);
const offered = mediaTypes.map(([type]) => type);

const rdfFormats = new Set<RecordFormat>(['turtle', 'rdfxml', 'jsonld']);
const rdfOffered = mediaTypes.filter(([, f]) => rdfFormats.has(f)).map(([type]) => type);

/** A table's own entry (never an inherited one such as `constructor`). */
const own = <T>(table: Record<string, T>, key: string): T | undefined =>
  Object.hasOwn(table, key) ? table[key] : undefined;

/**
 * The representation asked for: the `format` parameter wins over `Accept`; JSON is the
 * default (no Accept, or a wildcard: `*∕*` and `application/*` give JSON, `text/*` ISO 19139
 * as text/xml). `format=dcat` answers DCAT-AP.de in the RDF serialization Accept prefers,
 * Turtle when it names none. A format or Accept header we cannot serve is 406.
 */
export function negotiateFormat(
  format: string | undefined,
  accept: string | undefined,
): RecordFormat {
  if (format !== undefined) {
    const chosen = own(formatParameter, format.toLowerCase());
    if (!chosen) {
      throw new NotAcceptableError(
        `The format "${format.slice(0, 50)}" is not offered. Use json, iso19139 (or xml), geojson or dcat (DCAT-AP.de; ttl, rdf or jsonld for one RDF serialization).`,
      );
    }
    if (chosen !== 'dcat') return chosen;
    const rdf = preferredType(accept, rdfOffered);
    return (rdf === undefined ? undefined : formatOf.get(rdf)) ?? 'turtle';
  }
  const type = preferredType(accept, offered);
  if (type) return formatOf.get(type) ?? 'json';
  throw new NotAcceptableError(
    'None of the accepted media types is offered. Ask for application/json, application/xml (ISO 19139), application/geo+json, or DCAT-AP.de as text/turtle, application/rdf+xml or application/ld+json.',
  );
}
