import { xmlNamespaces } from '../../xml/namespaces.js';
import { declaration, element, textElement } from '../../xml/xml-writing.js';
import type { OaiError } from './oai.errors.js';

/**
 * The OAI-PMH response document (OAI-PMH 2.0 §3.2): responseDate, the request echoed, and
 * the verb's answer or the errors. Metadata is embedded as the records module and the
 * Dublin Core writer wrote it.
 */

export const OAI_NAMESPACE = xmlNamespaces.oai;

/** A time in the protocol's second granularity, `YYYY-MM-DDThh:mm:ssZ`. */
export const utcSeconds = (time: Date | string) =>
  `${(typeof time === 'string' ? time : time.toISOString()).slice(0, 19)}Z`;

/**
 * The whole document. `args` are the request's arguments as echoed in `request`, or
 * undefined after badVerb/badArgument, when only the base URL is echoed.
 */
export function oaiDocument(
  responseDate: Date,
  baseUrl: string,
  args: Record<string, string> | undefined,
  body: string,
): string {
  return (
    declaration +
    element(
      'OAI-PMH',
      {
        xmlns: OAI_NAMESPACE,
        'xmlns:xsi': xmlNamespaces.xsi,
        'xsi:schemaLocation': `${OAI_NAMESPACE} http://www.openarchives.org/OAI/2.0/OAI-PMH.xsd`,
      },
      textElement('responseDate', utcSeconds(responseDate)),
      textElement('request', baseUrl, args ?? {}),
      body,
    )
  );
}

export const errorElement = (error: OaiError) =>
  textElement('error', error.message, { code: error.code });

/** A record header; a deleted record has the status `deleted` and no metadata. */
export function header(item: {
  identifier: string;
  datestamp: string;
  setSpecs: string[];
  deleted: boolean;
}): string {
  return element(
    'header',
    item.deleted ? { status: 'deleted' } : {},
    textElement('identifier', item.identifier),
    textElement('datestamp', utcSeconds(item.datestamp)),
    ...item.setSpecs.map((spec) => textElement('setSpec', spec)),
  );
}

/** The resumption token of a list page (§3.5); an empty one ends a resumed list. */
export function resumptionToken(
  token: string,
  counts: { completeListSize: number; cursor: number },
): string {
  return textElement('resumptionToken', token, {
    completeListSize: Math.max(1, counts.completeListSize),
    cursor: counts.cursor,
  });
}
