import { xmlText } from '../records/iso19139-writer.js';
import type { CswException } from './csw.errors.js';

/**
 * Writing the service's XML answers. Elements are built as strings from escaped parts: the
 * answers embed whole ISO 19139 documents written by the records module, which a tree
 * builder would escape as text.
 */

export const ns = {
  csw: 'http://www.opengis.net/cat/csw/2.0.2',
  dc: 'http://purl.org/dc/elements/1.1/',
  dct: 'http://purl.org/dc/terms/',
  gmd: 'http://www.isotc211.org/2005/gmd',
  ows: 'http://www.opengis.net/ows',
  ogc: 'http://www.opengis.net/ogc',
  gml: 'http://www.opengis.net/gml',
  xlink: 'http://www.w3.org/1999/xlink',
  xsi: 'http://www.w3.org/2001/XMLSchema-instance',
} as const;

/** The `xmlns:` attributes of the given prefixes. */
export function xmlns(...prefixes: (keyof typeof ns)[]): Record<string, string> {
  return Object.fromEntries(prefixes.map((p) => [`xmlns:${p}`, ns[p]]));
}

export const CSW_SCHEMA_LOCATION = `${ns.csw} http://schemas.opengis.net/csw/2.0.2/CSW-discovery.xsd`;

/** Text as element content: characters XML forbids dropped, markup escaped. */
export function escapeText(value: string): string {
  return xmlText(value).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeAttribute(value: string): string {
  return escapeText(value).replace(/"/g, '&quot;').replace(/\r/g, '&#13;').replace(/\n/g, '&#10;');
}

type Attributes = Record<string, string | number | undefined>;

/** An element whose content is already XML (escaped text or child elements). */
export function element(name: string, attributes: Attributes, ...content: string[]): string {
  const attrs = Object.entries(attributes)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => ` ${key}="${escapeAttribute(String(value))}"`)
    .join('');
  const inner = content.join('');
  return inner === '' ? `<${name}${attrs}/>` : `<${name}${attrs}>${inner}</${name}>`;
}

/** An element holding text. */
export const textElement = (name: string, text: string, attributes: Attributes = {}) =>
  element(name, attributes, escapeText(text));

export const declaration = '<?xml version="1.0" encoding="UTF-8"?>\n';

/** The whole document of an OWS 1.0 exception report. */
export function exceptionReport(error: CswException): string {
  return (
    declaration +
    element(
      'ows:ExceptionReport',
      {
        version: '1.2.0',
        language: 'en',
        ...xmlns('ows', 'xsi'),
        'xsi:schemaLocation': `${ns.ows} http://schemas.opengis.net/ows/1.0.0/owsExceptionReport.xsd`,
      },
      element(
        'ows:Exception',
        { exceptionCode: error.code, locator: error.locator },
        textElement('ows:ExceptionText', error.message),
      ),
    )
  );
}
