import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/schema.js';

/** Most resource identifiers one request may name (`externalIds`). */
export const EXTERNAL_IDS_MAX = 100;

/**
 * The records whose resource identifier, or the file identifier they were imported with, is
 * one of these (`externalIds`). Only ids: whether the caller may read them is decided by the
 * search they restrict.
 */
export async function idsByResourceIdentifier(
  db: Kysely<Database>,
  identifiers: readonly string[],
): Promise<string[]> {
  if (identifiers.length === 0) return [];
  const rows = await db
    .selectFrom('object')
    .select('id')
    .where((eb) =>
      eb.or([
        eb(sql<string>`metadata->>'identifier'`, 'in', identifiers),
        eb('file_identifier', 'in', identifiers),
      ]),
    )
    .execute();
  return rows.map((row) => row.id);
}
