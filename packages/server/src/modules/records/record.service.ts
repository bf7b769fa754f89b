import { seededClassifications } from '@geoportal/contract/classification';
import type { Metadata, ObjectNormal } from '@geoportal/contract/object';
import type { ImportCheck, ImportQuery } from '@geoportal/contract/record-import';
import type { Db } from '../../db/database.js';
import { decodeXml } from '../../xml/xml-document.js';
import { readClassifications } from '../classifications/classification.service.js';
import { deniedError, deniedTo } from '../objects/object.errors.js';
import {
  createObject,
  findImportMatch,
  getObject,
  updateObject,
} from '../objects/object.service.js';
import {
  loadReadable,
  type ObjectChangeContext,
  type ObjectContext,
  readablePage,
} from '../objects/object-kernel.js';
import { can, isPublisher } from '../objects/policy.js';
import { type RecordFeature, toFeature } from './geojson.js';
import type { Vocabularies } from './iso19139-codes.js';
import { type ImportedRecord, readIso19139 } from './iso19139-reader.js';
import { type IsoNode, iso19139Tree, writeIso19139 } from './iso19139-writer.js';
import { RecordExistsError } from './record.errors.js';

/** The classifications a record's codes may come from: the seeded ones and its keywords'. */
export async function vocabularies(db: Db, metadata?: Metadata): Promise<Vocabularies> {
  const ids = new Set<string>(seededClassifications);
  for (const keyword of metadata?.classifiedKeywords ?? []) ids.add(keyword.classification);
  return readClassifications(db, [...ids]);
}

/** A readable record as ISO 19139 XML; the same access rules (and 404) as the JSON view. */
export async function exportIso19139(ctx: ObjectContext, id: string): Promise<string> {
  const object = (await getObject(ctx, id, 'normal')) as ObjectNormal;
  return writeIso19139(object, await vocabularies(ctx.db, object.metadata));
}

/**
 * A readable record's ISO 19139 element tree (same access rules), for writers that trim it,
 * as the catalogue service's element sets do.
 */
export async function exportIso19139Tree(ctx: ObjectContext, id: string): Promise<IsoNode> {
  const object = (await getObject(ctx, id, 'normal')) as ObjectNormal;
  return iso19139Tree(object, await vocabularies(ctx.db, object.metadata));
}

/**
 * The ISO 19139 element trees of a page of records for one answer (the catalogue service's
 * pages, OAI-PMH's lists): of `ids`, the records the caller's account may read, in that order
 * (`readablePage`: no access key, as the search finds them; gone or unreadable ones are left
 * out). The records and their grants are read in one statement, the classifications' labels
 * once for all of them.
 */
export async function exportIso19139Trees(
  ctx: Pick<ObjectContext, 'db' | 'auth'>,
  ids: readonly string[],
): Promise<{ id: string; tree: IsoNode }[]> {
  const page = await readablePage(ctx, ids);
  const classifications = new Set<string>(seededClassifications);
  for (const { record } of page) {
    for (const k of record.metadata.classifiedKeywords ?? []) classifications.add(k.classification);
  }
  const vocabulary = await readClassifications(ctx.db, [...classifications]);
  return page.map(({ record }) => ({ id: record.id, tree: iso19139Tree(record, vocabulary) }));
}

/** A readable record as a GeoJSON Feature. */
export async function exportGeoJson(ctx: ObjectContext, id: string): Promise<RecordFeature> {
  return toFeature((await getObject(ctx, id, 'normal')) as ObjectNormal);
}

/**
 * Reads an uploaded ISO 19139 file for a publisher. The access check comes first, so a
 * visitor learns nothing about the file; then the file is read without any network or file
 * access.
 */
async function readUpload(ctx: ObjectContext, body: Uint8Array): Promise<ImportedRecord> {
  if (!ctx.auth) throw deniedError(false);
  if (!isPublisher({ auth: ctx.auth })) throw deniedError(true);
  return readIso19139(decodeXml(body), await vocabularies(ctx.db));
}

/**
 * Creates a draft owned by the caller from an ISO 19139 file, through the same creation path
 * as `POST /object`. As `new`, a file whose identifier names an existing record is refused
 * (409 record.exists) rather than silently becoming a second record; as `copy` it gets an
 * identifier of its own and does not claim the file's, so later imports still find the
 * original.
 */
export async function importIso19139(
  ctx: ObjectChangeContext,
  body: Uint8Array,
  as: ImportQuery['as'] = 'new',
): Promise<ObjectNormal> {
  const { type, metadata, fileIdentifier } = await readUpload(ctx, body);
  if (as === 'copy') return createObject(ctx, { type, metadata });
  if (fileIdentifier) {
    const match = await findImportMatch(ctx, fileIdentifier);
    if (match === 'hidden') throw new RecordExistsError(fileIdentifier);
    if (match) throw new RecordExistsError(fileIdentifier, match.id);
  }
  return createObject(ctx, { type, metadata }, { fileIdentifier });
}

/** What importing the file would meet (`POST /object/import/check`); nothing is stored. */
export async function checkIso19139(ctx: ObjectContext, body: Uint8Array): Promise<ImportCheck> {
  const { fileIdentifier } = await readUpload(ctx, body);
  const match = fileIdentifier ? await findImportMatch(ctx, fileIdentifier) : null;
  return {
    fileIdentifier: fileIdentifier ?? null,
    existing: match === 'hidden' ? null : match,
    hidden: match === 'hidden',
  };
}

/**
 * Saves the file's record as a new version of record `id`, through the normal save: whoever
 * may write the record (as for `PUT /object`, checked before the file is read), over the
 * `version` they decided to replace (409 object.version_conflict when someone saved in
 * between).
 */
export async function importIntoIso19139(
  ctx: ObjectChangeContext,
  id: string,
  version: number,
  body: Uint8Array,
): Promise<ObjectNormal> {
  const loaded = await loadReadable(ctx, id);
  if (!can(loaded.subject, loaded.facts, 'write')) throw deniedTo(loaded.subject);
  const { type, metadata } = readIso19139(decodeXml(body), await vocabularies(ctx.db));
  return updateObject(ctx, { id, version, type, metadata });
}
