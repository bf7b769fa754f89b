import { type CompiledQuery, type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { SearchTimeoutError } from './search.errors.js';

/** Running search statements: their session settings and their time limit. */

/** A piece of SQL as the search statements are built from. */
export type Sql = RawBuilder<unknown>;

/** Where searches run: the database and how long one statement may take (`SEARCH_TIMEOUT`). */
export interface SearchTarget {
  db: Db;
  timeoutMs: number;
  /** Matches up to which a search is exact (`EXACT_MATCHES_MAX`; smaller in tests). */
  exactMax?: number;
  /** Told each statement before it runs (the benchmark explains exactly these). */
  onStatement?: (statement: CompiledQuery) => void;
}

/**
 * Runs `run` in a transaction with the settings of a search. One statement sets them
 * (set_config(…, true) is SET LOCAL): the time limit; bitmaps of a common word's matches in a
 * million records stay exact (4 MB, the default, turns them lossy: every row of a lossy page
 * is tested again); no compiling to machine code (about 20 ms a statement, more than it
 * saves); no parallel workers (they speed up one search at the cost of the others); no
 * synchronized scans: a sequential scan starts at the table's first page, not where another
 * (or the last) scan stopped, so the matches are read in the same order every time (the
 * blocks ranked by relevance, search.repository.ts, depend on it); reading a page out of
 * order costs 1.1 pages read in order, not 4 (PostgreSQL's default, made for spinning
 * disks): the search tables are read all the time and stay in memory. With 4, a word in a
 * tenth of a small catalogue was counted by reading every document and testing its vector
 * (three to five times slower than the full-text index's list of its matches;
 * docs/decisions.md, "Search results that page correctly").
 */
export async function withSearchSettings<T>(
  db: Db,
  timeoutMs: number,
  run: (trx: Db) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await sql`select set_config('statement_timeout', ${String(Math.max(1, Math.round(timeoutMs)))}, true),
      set_config('work_mem', '32MB', true), set_config('jit', 'off', true),
      set_config('max_parallel_workers_per_gather', '0', true),
      set_config('synchronize_seqscans', 'off', true), set_config('random_page_cost', '1.1', true)`.execute(
      trx,
    );
    return run(trx);
  });
}

/**
 * Runs one search statement under a time limit, so that no query runs unbounded; a
 * cancelled statement is 503 `search.timeout`. (The embedded database has no timer to
 * cancel with and runs the statement to its end.)
 */
export async function rows<T>(target: SearchTarget, statement: Sql): Promise<T[]> {
  target.onStatement?.(statement.compile(target.db));
  try {
    return await withSearchSettings(
      target.db,
      target.timeoutMs,
      async (trx) => (await statement.execute(trx)).rows as T[],
    );
  } catch (error) {
    if ((error as { code?: string }).code === '57014') throw new SearchTimeoutError();
    throw error;
  }
}
