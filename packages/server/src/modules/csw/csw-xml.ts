import { xmlNamespaces } from '../../xml/namespaces.js';
import { declaration, element, textElement } from '../../xml/xml-writing.js';
import type { CswException } from './csw.errors.js';

/** The service's namespaces, schema location and exception report. */

export const ns = {
  csw: xmlNamespaces.csw,
  dc: xmlNamespaces.dc,
  dct: xmlNamespaces.dct,
  gmd: xmlNamespaces.gmd,
  ows: xmlNamespaces.ows,
  ogc: xmlNamespaces.ogc,
  gml: xmlNamespaces.gml311,
  xlink: xmlNamespaces.xlink,
  xsi: xmlNamespaces.xsi,
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
