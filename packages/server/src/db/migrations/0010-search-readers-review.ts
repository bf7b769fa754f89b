import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * Review cannot be bypassed (DESIGN §5): a grant to everyone opens only a published record.
 * Documents indexed before that rule carry the reader `public` for drafts, submissions and
 * withdrawn records with such a grant; this takes it away, as a reindex would
 * (search-document.ts `readersOf`). Only a published record is ever `public` now.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    update search_document set readers = array_remove(readers, 'public')
    where state <> 'published' and 'public' = any(readers)
  `.execute(db);
}

/** Nothing to undo: the readers it removed were never meant to be there. */
export async function down(): Promise<void> {}
