import { declaration, element, textElement } from '../records/xml-writing.js';
import type { CswException } from './csw.errors.js';

/** The service's namespaces, schema location and exception report. */

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
