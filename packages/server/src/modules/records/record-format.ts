import { NotAcceptableError } from './record.errors.js';

/** Representations of `GET /object/{id}`. */
export type RecordFormat = 'json' | 'iso19139' | 'geojson';

const formatParameter: Record<string, RecordFormat> = {
  json: 'json',
  iso19139: 'iso19139',
  xml: 'iso19139',
  geojson: 'geojson',
};

const mediaTypes: Record<string, RecordFormat> = {
  'application/json': 'json',
  'application/xml': 'iso19139',
  'text/xml': 'iso19139',
  'application/geo+json': 'geojson',
};

/**
 * The representation asked for: the `format` parameter wins over `Accept`; JSON is the
 * default (no Accept, or a wildcard). A format or Accept header we cannot serve is 406.
 */
export function negotiateFormat(
  format: string | undefined,
  accept: string | undefined,
): RecordFormat {
  if (format !== undefined) {
    const chosen = formatParameter[format.toLowerCase()];
    if (!chosen) {
      throw new NotAcceptableError(
        `The format "${format.slice(0, 50)}" is not offered. Use json, iso19139 (or xml) or geojson.`,
      );
    }
    return chosen;
  }
  if (!accept?.trim()) return 'json';
  const ranges = accept
    .split(',')
    .map((part, index) => {
      const [type = '', ...params] = part.split(';').map((p) => p.trim().toLowerCase());
      const q = Number(params.find((p) => p.startsWith('q='))?.slice(2) ?? '1');
      return { type, q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((range) => range.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { type } of ranges) {
    if (mediaTypes[type]) return mediaTypes[type];
    if (type === '*/*' || type === 'application/*') return 'json';
  }
  throw new NotAcceptableError(
    'None of the accepted media types is offered. Ask for application/json, application/xml (ISO 19139) or application/geo+json.',
  );
}
