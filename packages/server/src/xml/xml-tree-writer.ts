import { isXmlChar } from './xml-document.js';

/**
 * Writes an element tree (child elements and `@attributes` by name, text as `#text`, arrays
 * for repeated elements) as indented XML, in one pass over the tree. The ISO 19139 documents
 * of the catalogue service, OAI-PMH and the export are written with it: a page of twenty
 * records is ~300 KB, and a general-purpose builder (fast-xml-parser's, which wrote them
 * before) spent most of its time on features these trees never use (path matching, name
 * validation, entity tables) and needed a copy of the tree without its undefined members.
 *
 * The layout is exactly the one fast-xml-parser's XMLBuilder wrote with `format: true` and
 * `suppressEmptyNode: true` (tests compare both byte by byte), so no reader sees a change:
 * two spaces of indentation per level, one element per line, an element with only text (or
 * nothing) on one line, an empty element self-closed. Undefined members are left out.
 */

/** An element: child elements and `@attributes` by name, text as `#text`. */
export type XmlTree = Record<string, unknown>;

/** Options of one writing: renaming of attribute values on the way (e.g. unique IDs). */
export interface TreeWriting {
  /** Answers the value to write for an attribute; called for every attribute of the tree. */
  attribute?: (name: string, value: string) => string;
}

/**
 * Text as XML can carry it: characters XML 1.0 forbids (most control characters, lone
 * surrogates) cannot be written at all and are dropped.
 */
export function xmlText(value: string): string {
  // Nearly every text is plain: check before building a copy character by character.
  if (!/[^\t\n\r\x20-\ud7ff\ue000-\ufffd]/.test(value)) return value;
  let out = '';
  for (const ch of value) {
    const code = ch.codePointAt(0) ?? 0;
    if (isXmlChar(code) && !(code >= 0xd800 && code <= 0xdfff)) out += ch;
  }
  return out;
}

const textSpecial = /[&<>\r]/;

/** Escapes element text; CR as a reference, since every XML reader turns a raw CR into LF. */
export function escapeTreeText(value: string): string {
  const text = xmlText(value);
  if (!textSpecial.test(text)) return text;
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\r/g, '&#13;');
}

const attributeSpecial = /[&<>\r\n\t"']/;

/**
 * Escapes an attribute value: markup, both quotes, and tab, LF and CR as references, since
 * readers normalise them to spaces.
 */
export function escapeTreeAttribute(value: string): string {
  const text = xmlText(value);
  if (!attributeSpecial.test(text)) return text;
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\r/g, '&#13;')
    .replace(/\n/g, '&#10;')
    .replace(/\t/g, '&#9;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** A value as text; -0 keeps its sign. */
const asText = (value: unknown) =>
  typeof value === 'number' && Object.is(value, -0) ? '-0' : String(value);

const indents: string[] = [];
function indent(level: number): string {
  let value = indents[level];
  if (value === undefined) {
    value = '  '.repeat(level);
    indents[level] = value;
  }
  return value;
}

class Writer {
  out = '';
  constructor(private readonly writing: TreeWriting) {}

  /** The members of `node` at `level`: attributes into the answer, content into `out`. */
  members(node: XmlTree, level: number): string {
    let attributes = '';
    for (const key in node) {
      const value = node[key];
      if (value === undefined) continue;
      if (key.charCodeAt(0) === 64 /* @ */) {
        if (value === null || typeof value === 'object') continue;
        const name = key.slice(1);
        const text = asText(value);
        const written = this.writing.attribute ? this.writing.attribute(key, text) : text;
        attributes += ` ${name}="${escapeTreeAttribute(written)}"`;
      } else if (key === '#text') {
        if (value !== null && typeof value !== 'object') this.out += escapeTreeText(asText(value));
      } else if (Array.isArray(value)) {
        for (const item of value) if (item !== undefined) this.child(key, item, level);
      } else {
        this.child(key, value, level);
      }
    }
    return attributes;
  }

  child(name: string, value: unknown, level: number) {
    const pad = indent(level);
    if (value === null) {
      this.out += `${pad}<${name}/>\n`;
      return;
    }
    if (typeof value !== 'object') {
      const text = escapeTreeText(asText(value));
      this.out += text === '' ? `${pad}<${name}/>\n` : `${pad}<${name}>${text}</${name}>\n`;
      return;
    }
    // Content is written after the start tag, which needs the attributes found on the way.
    const before = this.out;
    this.out = '';
    const attributes = this.members(value as XmlTree, level + 1);
    const content = this.out;
    this.out = before;
    if (content === '') this.out += `${pad}<${name}${attributes}/>\n`;
    else if (!content.includes('<'))
      this.out += `${pad}<${name}${attributes}>${content}</${name}>\n`;
    else this.out += `${pad}<${name}${attributes}>\n${content}${pad}</${name}>\n`;
  }
}

/** Writes the tree's elements (without an XML declaration), one line each, ending in LF. */
export function writeXmlTree(tree: XmlTree, writing: TreeWriting = {}): string {
  const writer = new Writer(writing);
  writer.members(tree, 0);
  return writer.out;
}
