import { readFileSync } from 'node:fs';
import { decodeXml } from '../../xml/xml-document.js';
import { declaration, element } from '../../xml/xml-writing.js';
import { invalid } from './csw.errors.js';
import { CSW_SCHEMA_LOCATION, ns, xmlns } from './csw-xml.js';

/**
 * DescribeRecord (CSW 2.0.2 §10.6): the XML Schema of each record type the service answers,
 * `csw:Record` (Dublin Core, record.xsd) and `gmd:MD_Metadata` (ISO 19139, metadataEntity.xsd
 * of the gmd schema). The schema files ship in `schemas/` beside this module; the build
 * copies them into dist.
 */

export type DescribedType = 'csw:Record' | 'gmd:MD_Metadata';

interface RecordType {
  name: DescribedType;
  namespace: string;
  local: string;
  file: string;
  /** The schema a file holds only a part of (SchemaComponentType: "its parent MUST be referenced"). */
  parentSchema?: string;
}

const recordTypes: readonly RecordType[] = [
  { name: 'csw:Record', namespace: ns.csw, local: 'Record', file: 'record.xsd' },
  {
    name: 'gmd:MD_Metadata',
    namespace: ns.gmd,
    local: 'MD_Metadata',
    file: 'metadataEntity.xsd',
    parentSchema: 'http://schemas.opengis.net/iso/19139/20070417/gmd/gmd.xsd',
  },
];

/** The prefixes a client may use without binding them by NAMESPACE. */
const conventionalPrefixes: Record<string, string> = { csw: ns.csw, gmd: ns.gmd };

/**
 * The XML Schema language: CSW 2.0.2's KVP name for it and the URIs of W3C XML Schema
 * (the request schema's default, and what OWSLib sends).
 */
const schemaLanguages = [
  'XMLSCHEMA',
  'http://www.w3.org/XML/Schema',
  'http://www.w3.org/2001/XMLSchema',
  'http://www.w3.org/TR/xmlschema-1/',
];

/** Most type names one request may list (each type at most a few times). */
const TYPE_NAMES_MAX = 10;

export function checkSchemaLanguage(value: string | undefined) {
  if (value === undefined) return;
  const v = value.trim();
  if (!schemaLanguages.some((l) => l.toLowerCase() === v.toLowerCase())) {
    throw invalid(
      'schemaLanguage',
      `The schema language "${value.slice(0, 60)}" is not offered; use XMLSCHEMA (W3C XML Schema).`,
    );
  }
}

/**
 * The prefix bindings of a KVP `NAMESPACE` value, `xmlns(gmd=http://…),xmlns(http://…)`;
 * the unprefixed one binds the default namespace (key '').
 */
export function namespaceBindings(value: string | undefined): Map<string, string> {
  const bindings = new Map<string, string>();
  if (value === undefined || value.trim() === '') return bindings;
  const rest = value.replace(
    /\s*xmlns\(\s*(?:([A-Za-z_][\w.-]*)\s*=\s*)?([^()\s,]+)\s*\)\s*(?:,|$)/g,
    (_whole, prefix: string | undefined, uri: string) => {
      bindings.set(prefix ?? '', uri);
      return '';
    },
  );
  if (rest.trim() !== '') {
    throw invalid(
      'NAMESPACE',
      'NAMESPACE is a comma-separated list of xmlns(prefix=namespace URI) or xmlns(namespace URI).',
    );
  }
  return bindings;
}

const offered = recordTypes.map((t) => t.name).join(' or ');

/**
 * The record types TypeName names (none: all). A prefix is resolved through the NAMESPACE
 * bindings, else by its conventional meaning (csw, gmd); an unprefixed name through the
 * default namespace, else by its local name. In an XML body the names are matched by local
 * name, since the parser keeps no namespace declarations.
 */
export function describedTypes(
  names: string[],
  bindings: Map<string, string> | 'local names',
): DescribedType[] {
  if (names.length > TYPE_NAMES_MAX) {
    throw invalid('TypeName', `At most ${TYPE_NAMES_MAX} type names may be given.`);
  }
  if (names.length === 0) return recordTypes.map((t) => t.name);
  return names.map((name) => {
    const [prefix, local] = name.includes(':')
      ? [name.slice(0, name.indexOf(':')), name.slice(name.indexOf(':') + 1)]
      : [undefined, name];
    const namespace =
      bindings === 'local names'
        ? undefined
        : prefix === undefined
          ? bindings.get('')
          : (bindings.get(prefix) ?? conventionalPrefixes[prefix]);
    if (bindings !== 'local names' && prefix !== undefined && namespace === undefined) {
      throw invalid(
        'TypeName',
        `The prefix "${prefix.slice(0, 30)}" of "${name.slice(0, 60)}" is not bound; bind it by NAMESPACE or use ${offered}.`,
      );
    }
    const type = recordTypes.find(
      (t) => t.local === local.trim() && (namespace === undefined || t.namespace === namespace),
    );
    if (!type) {
      throw invalid('TypeName', `The type "${name.slice(0, 60)}" is not offered. Use ${offered}.`);
    }
    return type.name;
  });
}

/** A schema file without its XML declaration, read once. */
const schemaTexts = new Map<string, string>();
function schemaText(file: string): string {
  let text = schemaTexts.get(file);
  if (text === undefined) {
    text = decodeXml(readFileSync(new URL(`./schemas/${file}`, import.meta.url)))
      .replace(/^\uFEFF?<\?xml[^>]*\?>\s*/, '')
      .trim();
    schemaTexts.set(file, text);
  }
  return text;
}

/** The DescribeRecordResponse: one SchemaComponent for each type asked for. */
export function describeRecordResponse(types: DescribedType[]): string {
  const asked = new Set(types);
  const components = recordTypes
    .filter((type) => asked.has(type.name))
    .map((type) =>
      element(
        'csw:SchemaComponent',
        {
          schemaLanguage: 'XMLSCHEMA',
          targetNamespace: type.namespace,
          parentSchema: type.parentSchema,
        },
        schemaText(type.file),
      ),
    );
  return (
    declaration +
    element(
      'csw:DescribeRecordResponse',
      { ...xmlns('csw', 'xsi'), 'xsi:schemaLocation': CSW_SCHEMA_LOCATION },
      ...components,
    )
  );
}
