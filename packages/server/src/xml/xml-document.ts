import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { XmlInvalidError } from './xml.errors.js';

/**
 * Turns untrusted XML bytes into a plain element tree, refusing anything hostile before the
 * parser sees it. The parser never resolves DTDs or external entities: a document with a
 * DOCTYPE or ENTITY declaration is refused outright (that covers XXE, billion laughs and
 * remote DTDs), and the only entity references accepted are XML's five predefined ones and
 * character references. Nothing here opens a file or a connection.
 */

/** An element: attributes as `@name`, text as `#text`, child elements as arrays by local name. */
export type XmlElement = { readonly [key: string]: unknown };

/** Line and column (1-based) of a character offset, as parsers report them. */
export function position(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
}

const at = (text: string, offset: number) => {
  const { line, column } = position(text, offset);
  return `at line ${line}, column ${column}`;
};

/**
 * Decodes the request body. UTF-8 (with or without BOM) is the norm; UTF-16 with a BOM and
 * any other encoding named in the XML declaration that the runtime knows are accepted too.
 */
export function decodeXml(bytes: Uint8Array): string {
  if (bytes.length === 0)
    throw new XmlInvalidError('The request body is empty. Send an ISO 19139 XML file.');
  let label = 'utf-8';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) label = 'utf-16le';
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) label = 'utf-16be';
  else {
    // The declaration is ASCII in every ASCII-compatible encoding, so latin1 reads it safely.
    const head = Buffer.from(bytes.subarray(0, 200)).toString('latin1');
    const declared =
      /^(?:\uFEFF|\xEF\xBB\xBF)?<\?xml[^>]*\bencoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head);
    if (declared?.[1]) label = declared[1].toLowerCase();
  }
  let decoder: InstanceType<typeof TextDecoder>;
  try {
    decoder = new TextDecoder(label, { fatal: true });
  } catch {
    throw new XmlInvalidError(
      `The file declares the unknown character encoding "${label}". Send UTF-8.`,
    );
  }
  try {
    return decoder.decode(bytes);
  } catch {
    throw new XmlInvalidError(`The file is not valid ${label.toUpperCase()} text. Send UTF-8.`);
  }
}

/** Refuses DTDs and entity declarations wherever they appear, before any parsing. */
function refuseDeclarations(text: string) {
  const match = /<!(DOCTYPE|ENTITY)\b/i.exec(text);
  if (match) {
    throw new XmlInvalidError(
      `The file contains a ${match[1]?.toUpperCase()} declaration ${at(text, match.index)}. ` +
        'Document type definitions and entity declarations are not accepted; remove them.',
    );
  }
}

const predefined: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
const reference = /&(?:#(\d{1,7})|#x([0-9A-Fa-f]{1,6})|([A-Za-z_][\w.-]*));/g;

/** True for code points XML 1.0 allows in a document (§2.2 Char). */
export const isXmlChar = (c: number) =>
  c === 0x9 ||
  c === 0xa ||
  c === 0xd ||
  (c >= 0x20 && c <= 0xd7ff) ||
  (c >= 0xe000 && c <= 0xfffd) ||
  (c >= 0x10000 && c <= 0x10ffff);

/**
 * Checks every entity reference outside comments, CDATA sections and processing
 * instructions: only the predefined entities and character references of allowed characters.
 */
function checkReferences(text: string) {
  const skipped = /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<\?[\s\S]*?\?>/g;
  let from = 0;
  const check = (part: string, offset: number) => {
    for (const m of part.matchAll(reference)) {
      const index = offset + (m.index ?? 0);
      if (m[3] !== undefined) {
        if (!(m[3] in predefined)) {
          throw new XmlInvalidError(
            `The file refers to the undefined entity &${m[3]}; ${at(text, index)}. ` +
              'Only &lt; &gt; &amp; &quot; &apos; and character references are accepted.',
          );
        }
      } else {
        const code =
          m[1] !== undefined ? Number.parseInt(m[1], 10) : Number.parseInt(m[2] ?? '', 16);
        if (!isXmlChar(code)) {
          throw new XmlInvalidError(
            `The file refers to a character XML does not allow ${at(text, index)}.`,
          );
        }
      }
    }
  };
  for (const m of text.matchAll(skipped)) {
    check(text.slice(from, m.index), from);
    from = (m.index ?? 0) + m[0].length;
  }
  check(text.slice(from), from);
}

/** Resolves the references `checkReferences` let through, in one pass (no double decoding). */
const entityDecoder = {
  setExternalEntities: () => {},
  addInputEntities: () => {},
  reset: () => {},
  setXmlVersion: () => {},
  decode: (value: string) =>
    value.replace(reference, (whole, dec?: string, hex?: string, name?: string) => {
      if (name !== undefined) return predefined[name] ?? whole;
      return String.fromCodePoint(
        dec !== undefined ? Number.parseInt(dec, 10) : Number.parseInt(hex ?? '', 16),
      );
    }),
};

const parser = new XMLParser({
  // Local names only: other producers pick other prefixes (or a default namespace).
  removeNSPrefix: true,
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  alwaysCreateTextNode: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  processEntities: { enabled: true },
  entityDecoder,
  // Every element is a list, so one shape fits a single and a repeated element alike.
  isArray: (_name, _path, _leaf, isAttribute) => !isAttribute,
});

/**
 * Parses an XML document safely and answers its root element's local name and content.
 * A malformed file is a 400 naming the line and column the validator stopped at.
 */
export function parseXml(text: string): { name: string; root: XmlElement } {
  refuseDeclarations(text);
  const result = XMLValidator.validate(text);
  if (result !== true) {
    const { line, col, msg } = result.err;
    throw new XmlInvalidError(
      `The file is not well-formed XML at line ${line}, column ${col}: ${msg}`,
    );
  }
  checkReferences(text);
  let tree: Record<string, unknown>;
  try {
    tree = parser.parse(text) as Record<string, unknown>;
  } catch (error) {
    throw new XmlInvalidError(`The file could not be read as XML: ${(error as Error).message}`);
  }
  const name = Object.keys(tree).find((key) => !key.startsWith('?') && !key.startsWith('#'));
  const root = name ? (tree[name] as XmlElement[] | undefined)?.[0] : undefined;
  if (!name || !root) throw new XmlInvalidError('The file contains no XML element.');
  return { name, root: typeof root === 'object' ? root : { '#text': String(root) } };
}

/** The child elements of that local name, in document order. */
export function children(element: XmlElement | undefined, name: string): XmlElement[] {
  const value = element?.[name];
  if (!Array.isArray(value)) return [];
  return value.map((item) =>
    typeof item === 'object' && item !== null ? (item as XmlElement) : { '#text': String(item) },
  );
}

/** Every element reached by following the path of local names. */
export function descend(element: XmlElement | undefined, ...path: string[]): XmlElement[] {
  let level = element ? [element] : [];
  for (const name of path) level = level.flatMap((item) => children(item, name));
  return level;
}

/** The first element on the path, if any. */
export const first = (element: XmlElement | undefined, ...path: string[]) =>
  descend(element, ...path)[0];

/** An element's own text (trimmed), or '' when it has none. */
export function textOf(element: XmlElement | undefined): string {
  const text = element?.['#text'];
  return typeof text === 'string' ? text.trim() : text === undefined ? '' : String(text).trim();
}

/** An attribute by local name. */
export function attrOf(element: XmlElement | undefined, name: string): string | undefined {
  const value = element?.[`@${name}`];
  return value === undefined ? undefined : String(value);
}
