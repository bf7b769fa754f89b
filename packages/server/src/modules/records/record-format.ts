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

const mediaTypes: Record<string, RecordFormat> = {
  'application/json': 'json',
  'application/xml': 'iso19139',
  'text/xml': 'iso19139',
  'application/geo+json': 'geojson',
  'text/turtle': 'turtle',
  'application/rdf+xml': 'rdfxml',
  'application/ld+json': 'jsonld',
};

const rdfFormats = new Set<RecordFormat>(['turtle', 'rdfxml', 'jsonld']);

/** A table's own entry (never an inherited one such as `constructor`). */
const own = <T>(table: Record<string, T>, key: string): T | undefined =>
  Object.hasOwn(table, key) ? table[key] : undefined;

/** The media ranges of an Accept header, the preferred first; q=0 ranges left out. */
export function acceptedRanges(accept: string) {
  return accept
    .split(',')
    .map((part, index) => {
      const [type = '', ...params] = part.split(';').map((p) => p.trim().toLowerCase());
      const q = Number(params.find((p) => p.startsWith('q='))?.slice(2) ?? '1');
      return { type, q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((range) => range.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
}

/**
 * The representation asked for: the `format` parameter wins over `Accept`; JSON is the
 * default (no Accept, or a wildcard). `format=dcat` answers DCAT-AP.de in the RDF
 * serialization Accept prefers, Turtle when it names none. A format or Accept header we
 * cannot serve is 406.
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
    const rdf = acceptedRanges(accept ?? '')
      .map((r) => own(mediaTypes, r.type))
      .find((f) => f !== undefined && rdfFormats.has(f));
    return rdf ?? 'turtle';
  }
  if (!accept?.trim()) return 'json';
  for (const { type } of acceptedRanges(accept)) {
    const chosen = own(mediaTypes, type);
    if (chosen) return chosen;
    if (type === '*/*' || type === 'application/*') return 'json';
  }
  throw new NotAcceptableError(
    'None of the accepted media types is offered. Ask for application/json, application/xml (ISO 19139), application/geo+json, or DCAT-AP.de as text/turtle, application/rdf+xml or application/ld+json.',
  );
}
