import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { publicOnly } from '../search/visibility-sql.js';

/**
 * SQL of the sitemap. Its records are what a visitor finds — the search index's documents
 * readable by `public`, the visibility of the search API, so never a draft — in the order of
 * their id (the primary key), read by keyset: each statement continues after the last id of
 * the one before, so a catalogue of millions costs the same per page as one of hundreds.
 */

/** A record as the sitemap lists it. */
export interface SitemapRecord {
  id: string;
  modified: Date;
}

/** A stretch of public records in id order: the id it ends with, its size, its newest change. */
export interface RecordStretch {
  last: string;
  count: number;
  lastModified: Date;
}

/** Ids after `after` (all from the first when undefined), up to and including `upTo`. */
export interface IdRange {
  after?: string;
  upTo?: string;
}

const publicDocuments = publicOnly('search_document');

function rangeCondition(range: IdRange) {
  return sql.join(
    [
      publicDocuments,
      ...(range.after === undefined ? [] : [sql`search_document.object_id > ${range.after}`]),
      ...(range.upTo === undefined ? [] : [sql`search_document.object_id <= ${range.upTo}`]),
    ],
    sql` and `,
  );
}

/**
 * The next `size` public records after `after`, summed up (their last id, how many, the
 * newest modification); undefined when none follow.
 */
export async function nextStretch(
  db: Db,
  after: string | undefined,
  size: number,
): Promise<RecordStretch | undefined> {
  const result = await sql<{ last: string | null; count: number; last_modified: Date | null }>`
    select max(stretch.object_id) as last, count(*)::int as count,
      max(stretch.modified) as last_modified
    from (
      select search_document.object_id, search_document.modified
      from search_document
      where ${rangeCondition({ after })}
      order by search_document.object_id
      limit ${size}
    ) as stretch`.execute(db);
  const row = result.rows[0];
  if (!row?.last || !row.last_modified || row.count === 0) return undefined;
  return { last: row.last, count: row.count, lastModified: new Date(row.last_modified) };
}

/** At most `limit` public records of the range, in id order. */
export async function listRecords(db: Db, range: IdRange, limit: number): Promise<SitemapRecord[]> {
  const result = await sql<{ id: string; modified: Date }>`
    select search_document.object_id as id, search_document.modified
    from search_document
    where ${rangeCondition(range)}
    order by search_document.object_id
    limit ${limit}`.execute(db);
  return result.rows.map((row) => ({ id: row.id, modified: new Date(row.modified) }));
}
