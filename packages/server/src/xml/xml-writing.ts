import { xmlText } from './xml-tree-writer.js';

/**
 * Writing XML answers as strings from escaped parts (CSW, OAI-PMH): the answers embed whole
 * ISO 19139 documents written by this module, which a tree builder would escape as text.
 */

/** Text as element content: characters XML forbids dropped, markup escaped. */
export function escapeText(value: string): string {
  return xmlText(value).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeAttribute(value: string): string {
  return escapeText(value).replace(/"/g, '&quot;').replace(/\r/g, '&#13;').replace(/\n/g, '&#10;');
}

export type Attributes = Record<string, string | number | undefined>;

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
