import { seededClassifications } from '@geoportal/contract/classification';
import type { Metadata, ObjectNormal } from '@geoportal/contract/object';
import type { Db } from '../../db/database.js';
import { readClassifications } from '../classifications/classification.service.js';
import { deniedError } from '../objects/object.errors.js';
import { createObject, getObject } from '../objects/object.service.js';
import type { ObjectContext } from '../objects/object-kernel.js';
import { isPublisher } from '../objects/policy.js';
import { type RecordFeature, toFeature } from './geojson.js';
import type { Vocabularies } from './iso19139-codes.js';
import { readIso19139 } from './iso19139-reader.js';
import { writeIso19139 } from './iso19139-writer.js';
import { decodeXml } from './xml-document.js';

/** The classifications a record's codes may come from: the seeded ones and its keywords'. */
async function vocabularies(db: Db, metadata?: Metadata): Promise<Vocabularies> {
  const ids = new Set<string>(seededClassifications);
  for (const keyword of metadata?.classifiedKeywords ?? []) ids.add(keyword.classification);
  return readClassifications(db, [...ids]);
}

/** A readable record as ISO 19139 XML; the same access rules (and 404) as the JSON view. */
export async function exportIso19139(ctx: ObjectContext, id: string): Promise<string> {
  const object = (await getObject(ctx, id, 'normal')) as ObjectNormal;
  return writeIso19139(object, await vocabularies(ctx.db, object.metadata));
}

/** A readable record as a GeoJSON Feature. */
export async function exportGeoJson(ctx: ObjectContext, id: string): Promise<RecordFeature> {
  return toFeature((await getObject(ctx, id, 'normal')) as ObjectNormal);
}

/**
 * Creates a draft owned by the caller from an ISO 19139 file. The access check comes first,
 * so a visitor learns nothing about the file; then the file is read without any network or
 * file access, and the record goes through the same creation path as `POST /object`.
 */
export async function importIso19139(ctx: ObjectContext, body: Uint8Array): Promise<ObjectNormal> {
  if (!ctx.auth) throw deniedError(false);
  if (!isPublisher({ auth: ctx.auth })) throw deniedError(true);
  const record = readIso19139(decodeXml(body), await vocabularies(ctx.db));
  return createObject(ctx, record);
}
