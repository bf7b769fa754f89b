import { ObjectId } from '@geoportal/contract/object';
import type { RequestContext } from '../../http/request-context.js';
import { xmlNamespaces } from '../../xml/namespaces.js';
import { element } from '../../xml/xml-writing.js';
import { publicRecordQuads } from '../dcat/dcat.service.js';
import { rdfXmlElement } from '../dcat/dcat-serialize.js';
import { readablePage } from '../objects/object-kernel.js';
import { writeIsoTree } from '../records/iso19139-writer.js';
import { exportIso19139Trees } from '../records/record.service.js';
import { OaiError } from './oai.errors.js';
import * as repo from './oai.repository.js';
import { OAI_DC, oaiDc } from './oai-dc.js';
import { setSpecsOf } from './oai-sets.js';
import { header } from './oai-xml.js';

/**
 * The items of the repository: their identifiers, headers and records in each metadata
 * format. Identifiers are `oai:<OAI_REPOSITORY_IDENTIFIER>:<record id>`.
 */

export type Context = Pick<RequestContext, 'db' | 'now' | 'config'>;

/** The metadata formats every record is disseminated in. */
export const formats = {
  oai_dc: OAI_DC,
  iso19139: {
    prefix: 'iso19139',
    namespace: xmlNamespaces.gmd,
    schema: 'http://schemas.opengis.net/iso/19139/20070417/gmd/gmd.xsd',
  },
  /**
   * DCAT-AP.de: the record's dcat:Dataset as RDF/XML, its root `rdf:RDF`, as data.europa.eu's
   * OAI-PMH harvester reads `dcat_ap`. RDF/XML has no XML schema; `schema` names the
   * DCAT-AP.de specification the content follows.
   */
  dcat_ap: {
    prefix: 'dcat_ap',
    namespace: xmlNamespaces.rdf,
    schema: 'https://www.dcat-ap.de/def/dcatde/2.0/spec/',
  },
} as const;
export type Prefix = keyof typeof formats;

/** A metadataPrefix the records are disseminated in; any other is cannotDisseminateFormat. */
export function checkPrefix(prefix: string): Prefix {
  if (!Object.hasOwn(formats, prefix)) {
    throw new OaiError(
      'cannotDisseminateFormat',
      `Records are not offered as ${JSON.stringify(prefix.slice(0, 40))}. Use ${Object.keys(formats).join(', ')}.`,
    );
  }
  return prefix as Prefix;
}

/** The OAI identifier of a record. */
export const identifierOf = (ctx: Context, id: string) =>
  `oai:${ctx.config.oai.repositoryIdentifier}:${id}`;

/** The record id of an identifier of this repository; anything else does not exist here. */
function recordIdOf(ctx: Context, identifier: string): string {
  const prefix = `oai:${ctx.config.oai.repositoryIdentifier}:`;
  const id = identifier.startsWith(prefix) ? identifier.slice(prefix.length) : '';
  if (!ObjectId.safeParse(id).success) {
    throw new OaiError(
      'idDoesNotExist',
      `This repository has no item ${JSON.stringify(identifier.slice(0, 120))}; its identifiers have the form ${prefix}<record id>.`,
    );
  }
  return id;
}

/** The item of an identifier, live or deleted; anything else is idDoesNotExist. */
export async function findItem(ctx: Context, identifier: string): Promise<repo.OaiEntry> {
  const entry = await repo.findEntry(ctx.db, recordIdOf(ctx, identifier));
  if (!entry) {
    throw new OaiError(
      'idDoesNotExist',
      `This repository has no item ${JSON.stringify(identifier.slice(0, 120))}.`,
    );
  }
  return entry;
}

/** The header of an item: identifier, datestamp, sets, deleted status. */
export const headerOf = (ctx: Context, entry: repo.OaiEntry) =>
  header({
    identifier: identifierOf(ctx, entry.id),
    datestamp: entry.datestamp,
    setSpecs: setSpecsOf(entry.sets),
    deleted: entry.deleted,
  });

/**
 * The metadata of public records in the format, by id: the page read at once, as a visitor
 * reads it (`readablePage` for nobody: the policy's `isPublic` decides again on what was
 * read). A record that is no longer public (changed since it was listed) is left out: it has
 * moved beyond the harvest's bound.
 */
export async function metadataOf(
  ctx: Context,
  ids: string[],
  prefix: Prefix,
): Promise<Map<string, string>> {
  const written = new Map<string, string>();
  if (ids.length === 0) return written;
  const visitor = { db: ctx.db, auth: null };
  if (prefix === 'oai_dc') {
    for (const { record } of await readablePage(visitor, ids)) {
      const url = `${ctx.config.publicUrl}/metadata/${encodeURIComponent(record.id)}`;
      written.set(record.id, oaiDc(record, url));
    }
  } else if (prefix === 'dcat_ap') {
    // The DCAT module's datasets.
    for (const [id, quads] of await publicRecordQuads(ctx, ids)) {
      written.set(id, rdfXmlElement(quads));
    }
  } else {
    // ISO 19139 through the records module's export, without the XML declaration.
    for (const { id, tree } of await exportIso19139Trees(visitor, ids)) {
      written.set(id, writeIsoTree(tree));
    }
  }
  return written;
}

/** A record: its header, and its metadata unless it is deleted. */
export const recordElement = (ctx: Context, entry: repo.OaiEntry, metadata: string | undefined) =>
  element(
    'record',
    {},
    headerOf(ctx, entry),
    ...(entry.deleted || metadata === undefined ? [] : [element('metadata', {}, metadata)]),
  );
