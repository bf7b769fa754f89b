import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { publicOnly } from '../search/visibility-sql.js';

/**
 * SQL of the OAI-PMH interface. Its items are the records visitors may read — the search
 * index's documents readable by `public`, the same visibility as the search API — and the
 * records that stopped being public (migration 0019), which are answered as deleted.
 */

/** One item as OAI-PMH lists it. */
export interface OaiEntry {
  id: string;
  /** The datestamp to the microsecond, `YYYY-MM-DDThh:mm:ss.uuuuuuZ`: the paging key. */
  datestamp: string;
  deleted: boolean;
  /** Search facets of the record's sets (`type=…`, `inspireTheme=…`). */
  sets: string[];
}

/** Which items a list takes: datestamp range, set, and the key after which a page begins. */
export interface EntryFilter {
  /** Inclusive lower bound. */
  from?: Date;
  /** Exclusive upper bound. */
  before?: Date;
  /** A set's facet (`type=dataset`) or, for a set with members below it, its prefix (`type=`). */
  set?: { facet: string } | { prefix: string };
  after?: { datestamp: string; id: string };
  id?: string;
}

/**
 * Every item: a public record's datestamp is the later of its modification and the time it
 * last became public; a record that is not public but has a visibility change is deleted as
 * of that change. Both parts use their indexes (readers by GIN, the changes by primary key).
 */
const entries = sql`(
  select sd.object_id as id, greatest(sd.modified, v.changed_at) as datestamp,
    false as deleted, sd.facets as sets
  from search_document sd
  left join oai_visibility_change v on v.object_id = sd.object_id
  where ${publicOnly('sd')}
  union all
  select v.object_id as id, v.changed_at as datestamp, true as deleted, v.sets as sets
  from oai_visibility_change v
  where not exists (
    select 1 from search_document sd
    where sd.object_id = v.object_id and ${publicOnly('sd')}
  )
) as entry`;

function conditions(filter: EntryFilter): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [sql`true`];
  if (filter.id !== undefined) parts.push(sql`entry.id = ${filter.id}`);
  if (filter.from) parts.push(sql`entry.datestamp >= ${filter.from}`);
  if (filter.before) parts.push(sql`entry.datestamp < ${filter.before}`);
  if (filter.set && 'facet' in filter.set) parts.push(sql`${filter.set.facet} = any(entry.sets)`);
  if (filter.set && 'prefix' in filter.set) {
    const prefix = filter.set.prefix;
    parts.push(
      sql`exists (select 1 from unnest(entry.sets) as s(v) where left(s.v, ${prefix.length}::int) = ${prefix})`,
    );
  }
  if (filter.after) {
    const after = sql`${filter.after.datestamp}::timestamptz`;
    parts.push(
      sql`(entry.datestamp > ${after} or (entry.datestamp = ${after} and entry.id collate "C" > ${filter.after.id}))`,
    );
  }
  return sql.join(parts, sql` and `);
}

const datestampText = sql`to_char(entry.datestamp at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** Items in datestamp order (then id), at most `limit`. */
export async function listEntries(db: Db, filter: EntryFilter, limit: number): Promise<OaiEntry[]> {
  const result = await sql<OaiEntry>`
    select entry.id, ${datestampText} as datestamp, entry.deleted, entry.sets
    from ${entries}
    where ${conditions(filter)}
    order by entry.datestamp, entry.id collate "C"
    limit ${limit}`.execute(db);
  return result.rows;
}

export async function countEntries(db: Db, filter: EntryFilter): Promise<number> {
  const result = await sql<{ n: number }>`
    select count(*)::int as n from ${entries} where ${conditions(filter)}`.execute(db);
  return result.rows[0]?.n ?? 0;
}

export async function findEntry(db: Db, id: string): Promise<OaiEntry | undefined> {
  return (await listEntries(db, { id }, 1))[0];
}

/** The oldest datestamp of any item, if there is one. */
export async function earliestDatestamp(db: Db): Promise<string | undefined> {
  const result = await sql<{ datestamp: string | null }>`
    select ${datestampText} as datestamp
    from (select min(entry.datestamp) as datestamp from ${entries}) as entry`.execute(db);
  return result.rows[0]?.datestamp ?? undefined;
}

/** The set facets of all items with these prefixes (`type=`, `inspireTheme=`), each once. */
export async function setFacets(db: Db, prefixes: readonly string[]): Promise<string[]> {
  const result = await sql<{ facet: string }>`
    select distinct s.v as facet
    from ${entries}, unnest(entry.sets) as s(v)
    where ${sql.join(
      prefixes.map((p) => sql`left(s.v, ${p.length}::int) = ${p}`),
      sql` or `,
    )}
    order by 1`.execute(db);
  return result.rows.map((row) => row.facet);
}
