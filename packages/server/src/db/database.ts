import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.js';
import { lockDatabaseDir } from './database-lock.js';
import { migrateToLatest } from './migrate.js';
import { PGliteDialect } from './pglite-dialect.js';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;

/** Which engine serves the database; both speak the same SQL. */
export type DatabaseKind = 'pglite' | 'postgres';

export interface OpenDatabase {
  db: Db;
  kind: DatabaseKind;
  /** Closes the pool or the embedded database; waits for running statements to end. */
  close(): Promise<void>;
}

type DatabaseConfig = Pick<Config, 'dataDir' | 'databaseUrl' | 'databaseSchema'>;

/** Where problems of idle pool connections are reported. */
export interface DatabaseLog {
  warn(object: { err: unknown }, message: string): void;
}

/**
 * Opens the database named by the configuration and migrates it to the latest schema:
 * PostgreSQL through `pg` when `databaseUrl` is set, else PGlite stored in `dataDir/db`.
 */
export async function openDatabase(
  config: DatabaseConfig,
  log?: DatabaseLog,
): Promise<OpenDatabase> {
  const opened = config.databaseUrl
    ? await openPostgres(config.databaseUrl, config.databaseSchema, log)
    : await openPGlite(path.join(config.dataDir, 'db'));
  try {
    await migrateToLatest(opened.db as Kysely<unknown>, config.databaseSchema);
  } catch (error) {
    await opened.close();
    throw error;
  }
  return opened;
}

/** The dialect of each embedded database by its Kysely instance (`connectionLine`). */
const embedded = new WeakMap<Db, PGliteDialect>();

/**
 * How many statements wait for the embedded database's one connection right now, the
 * urgent ones (connection-priority.ts) apart; undefined on PostgreSQL, whose pool keeps no
 * such line. Tests wait on it for a request to have got in line.
 */
export function connectionLine(db: Db): { urgent: number; normal: number } | undefined {
  return embedded.get(db)?.waiting();
}

/** Answers whether the database accepts a query right now. */
export async function isDatabaseReachable(db: Db): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}

// Counts and other int8 values arrive as numbers on both engines (pg would give strings,
// PGlite bigints); nothing stored here comes near 2^53.
const parseInt8 = (value: string) => Number(value);

/**
 * Opens the embedded database, holding its exclusive lock (database-lock.ts) from before
 * the first file is read until after the last is written; a held lock throws
 * `DatabaseLockedError`.
 */
async function openPGlite(dir: string): Promise<OpenDatabase> {
  await mkdir(dir, { recursive: true });
  const lock = await lockDatabaseDir(dir);
  let db: Db;
  try {
    // pg_trgm (typo-tolerant suggestions) is compiled in separately and must be loaded here.
    const client = await PGlite.create(dir, {
      parsers: { [pgliteTypes.INT8]: parseInt8 },
      extensions: { pg_trgm },
    });
    const dialect = new PGliteDialect(client);
    db = new Kysely<Database>({ dialect });
    embedded.set(db, dialect);
  } catch (error) {
    await lock.release();
    throw error;
  }
  return {
    db,
    kind: 'pglite',
    close: async () => {
      try {
        await db.destroy();
      } finally {
        await lock.release();
      }
    },
  };
}

async function openPostgres(url: string, schema: string, log?: DatabaseLog): Promise<OpenDatabase> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // The schema first, then public for extensions installed there.
    options: `-c search_path=${schema},public`,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === pg.types.builtins.INT8
          ? parseInt8
          : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // An idle client that loses its server must not crash the process; the next query fails
  // instead and is answered as "database unavailable".
  pool.on('error', (err) => log?.warn({ err }, 'An idle database connection failed'));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  try {
    await sql`create schema if not exists ${sql.id(schema)}`.execute(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return { db, kind: 'postgres', close: () => db.destroy() };
}
