import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * XML Schema validation for the tests of the protocol endpoints (CSW, OAI-PMH, sitemap):
 * xmllint from Debian's libxml2-utils, offline (`--nonet`), on the schemas the repository
 * holds. The OGC, ISO 19139 and W3C schemas live in modules/csw/testdata/schemas, whose
 * `catalog.xml` maps their absolute import locations to the local copies.
 */

/** Whether xmllint is installed; tests that need it are skipped, saying so, without it. */
export const hasXmllint = spawnSync('xmllint', ['--version'], { stdio: 'ignore' }).status === 0;

/** Warns once per test file that its schema tests are skipped. */
export function warnWithoutXmllint(testFile: string): void {
  if (!hasXmllint) {
    console.warn(`${testFile} skipped: xmllint is not installed (apt-get install libxml2-utils).`);
  }
}

const schemas = new URL('../modules/csw/testdata/schemas/', import.meta.url);
const schemaFile = (relative: string) => fileURLToPath(new URL(relative, schemas));

/** The catalogue that maps the schemas' absolute locations to the local copies. */
export const SCHEMA_CATALOG = schemaFile('catalog.xml');
/** ISO 19139 (gmd with gmx and srv): one gmd:MD_Metadata on its own. */
export const ISO_SCHEMA = schemaFile('iso19139.xsd');
/** CSW 2.0.2 (discovery). */
export const CSW_SCHEMA = schemaFile('ogc/csw/2.0.2/CSW-discovery.xsd');
/** CSW 2.0.2 and INSPIRE's inspire_ds together (xmllint takes one schema). */
export const CSW_INSPIRE_SCHEMA = schemaFile('csw-inspire.xsd');
/** CSW 2.0.2 with the ISO 19139 namespaces loaded: answers holding gmd:MD_Metadata. */
export const CSW_ISO_SCHEMA = schemaFile('csw-iso.xsd');
/** OWS 1.0 exception reports. */
export const OWS_EXCEPTION_SCHEMA = schemaFile('ogc/ows/1.0.0/owsExceptionReport.xsd');

export interface Validation {
  status: number | null;
  /** xmllint's report: `- validates\n` when the document is valid. */
  errors: string;
}

/** What `validateXml` answers for a valid document. */
export const VALID: Validation = { status: 0, errors: '- validates\n' };

/**
 * Validates `xml` against `schema`. `quiet` switches off xmllint's warnings: the ISO schemas
 * import some namespaces under two locations that lead to the same local file, and xmllint
 * warns that it skips the second, which says nothing about the document.
 */
export function validateXml(
  xml: string,
  schema: string,
  options: { quiet?: boolean } = {},
): Validation {
  const run = spawnSync(
    'xmllint',
    ['--noout', '--nonet', ...(options.quiet ? ['--nowarning'] : []), '--schema', schema, '-'],
    {
      input: xml,
      encoding: 'utf8',
      env: { ...process.env, XML_CATALOG_FILES: SCHEMA_CATALOG },
    },
  );
  return { status: run.status, errors: run.stderr };
}

/** Each gmd:MD_Metadata of an answer as a document of its own (each declares its namespaces). */
export const isoDocuments = (xml: string): string[] =>
  xml.match(/<gmd:MD_Metadata[\s\S]*?<\/gmd:MD_Metadata>/g) ?? [];

/** Validates one ISO 19139 record against the ISO 19139 schemas. */
export const validateIso = (document: string) => validateXml(document, ISO_SCHEMA, { quiet: true });
