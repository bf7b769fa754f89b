import { z } from 'zod';
import { ObjectId, ObjectState, ObjectSummary } from './object.js';

/**
 * Importing ISO 19139 files (`POST /object/import`). A file whose `gmd:fileIdentifier`
 * names a record that exists (its id, or the identifier of the file it was imported from) is
 * refused with 409 `record.exists` unless the caller asks for a copy; the caller then either
 * updates that record (`PUT /object/{id}/import`) or imports the file as a copy.
 */

/** `POST /object/import?as=…`: `new` refuses a known file identifier, `copy` never does. */
export const ImportQuery = z.object({
  as: z
    .enum(['new', 'copy'])
    .default('new')
    .describe(
      '`new` (default) answers 409 record.exists when the file identifier is known; `copy` ' +
        'imports the file as a new record with an identifier of its own',
    ),
});
export type ImportQuery = z.infer<typeof ImportQuery>;

/** `PUT /object/{id}/import?version=…`: the version the caller decided to replace. */
export const ImportIntoQuery = z.object({
  version: z.coerce
    .number()
    .int()
    .min(1)
    .describe('The version the caller saw; another one answers 409 object.version_conflict'),
});
export type ImportIntoQuery = z.infer<typeof ImportIntoQuery>;

/** A record the caller may read that already carries the file's identifier. */
export const ImportMatch = z.object({
  id: ObjectId,
  version: z.number().int(),
  state: ObjectState,
  title: ObjectSummary.shape.title,
  /** Whether the caller may save over it (`PUT /object/{id}/import`). */
  writable: z.boolean(),
});
export type ImportMatch = z.infer<typeof ImportMatch>;

/**
 * `POST /object/import/check`: what importing this file would meet. `existing` is a record
 * the caller may read; `hidden` says that a record with this identifier exists which the
 * caller may not see (nothing else about it is told).
 */
export const ImportCheck = z
  .object({
    fileIdentifier: z.string().nullable(),
    existing: ImportMatch.nullable(),
    hidden: z.boolean(),
  })
  .meta({ id: 'ImportCheck' });
export type ImportCheck = z.infer<typeof ImportCheck>;
