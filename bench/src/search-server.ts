import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

/**
 * The parts of the BUILT server the search benchmark calls in-process: opening (and
 * migrating) the database, rebuilding the search index, and the SQL statements of a search
 * request. They are imported from packages/server/dist at run time, so the benchmark runs
 * exactly the code the server runs and bench compiles without the server's sources; the
 * interfaces below are the part of their signatures used here.
 */

/** The server's build: packages/server/dist. */
const serverDist = new URL('../../packages/server/dist/', import.meta.url);

/** A compiled statement as Kysely makes it (`sql`, `parameters` and its query node). */
export interface CompiledQuery {
  readonly sql: string;
  readonly parameters: readonly unknown[];
}

/** The part of a Kysely instance used here. */
export interface Db {
  executeQuery<R = Record<string, unknown>>(query: CompiledQuery): Promise<{ rows: R[] }>;
}

export interface OpenDatabase {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/** A visitor who is not signed in. */
export interface Viewer {
  accountId: string | null;
  name: string | null;
  roles: string[];
  groups: string[];
}
export const visitor: Viewer = { accountId: null, name: null, roles: [], groups: [] };

export interface ServerModules {
  openDatabase(config: {
    dataDir: string;
    databaseUrl: string | undefined;
    databaseSchema: string;
  }): Promise<OpenDatabase>;
  rebuildSearchIndex(
    db: Db,
    options?: { batchSize?: number; onProgress?: (p: { done: number; total: number }) => void },
  ): Promise<{ indexed: number; removed: number }>;
  /** The statements the server runs for `pathAndQuery` (below /api/v1). */
  searchStatements(db: Db, pathAndQuery: string, viewer: Viewer): Promise<CompiledQuery[]>;
  /** Runs `run` in a transaction with the settings the server searches with. */
  withSearchSettings<T>(db: Db, timeoutMs: number, run: (trx: Db) => Promise<T>): Promise<T>;
  /** Runs one statement of our own (`$1`… parameters) through the server's Kysely. */
  raw(db: Db, sql: string, parameters?: readonly unknown[]): Promise<Record<string, unknown>[]>;
  /** A fingerprint of the built search-index code: a changed build means a stale index. */
  indexCodeHash: string;
}

/**
 * The modules of the build in `dist` (a folder URL ending in "/"): the server's own by
 * default; another build (bench:search-compare) must lie inside packages/server too, so
 * that it finds the same dependencies.
 */
export async function loadServerModules(dist: URL = serverDist): Promise<ServerModules> {
  const file = (relative: string) => fileURLToPath(new URL(relative, dist));
  const importDist = async <T>(relative: string): Promise<T> => {
    const path = file(relative);
    if (!existsSync(path)) {
      throw new Error(`${path} is missing: run "npm run build" (the search module must exist)`);
    }
    return (await import(new URL(relative, dist).href)) as T;
  };
  const { openDatabase } = await importDist<Pick<ServerModules, 'openDatabase'>>('db/database.js');
  const { rebuildSearchIndex } = await importDist<Pick<ServerModules, 'rebuildSearchIndex'>>(
    'modules/search/search-index.js',
  );
  const { searchStatements } = await importDist<Pick<ServerModules, 'searchStatements'>>(
    'modules/search/search.service.js',
  );
  const { withSearchSettings } = await importDist<Pick<ServerModules, 'withSearchSettings'>>(
    'modules/search/search-statements.js',
  );
  // Kysely is the server's dependency, so it is resolved from the server package.
  const require = createRequire(file('../package.json'));
  const { CompiledQuery } = require('kysely') as {
    CompiledQuery: { raw(sql: string, parameters?: unknown[]): CompiledQuery };
  };
  const indexCode = [
    'modules/search/search-index.js',
    'modules/search/search-index.repository.js',
    'modules/search/search-sample.js',
    'modules/search/search-fields.js',
    'db/migrations/0008-search-pairs.js',
  ]
    .filter((f) => existsSync(file(f)))
    .map((f) => readFileSync(file(f)));
  return {
    openDatabase,
    rebuildSearchIndex,
    searchStatements,
    withSearchSettings,
    async raw(db, sql, parameters = []) {
      return (await db.executeQuery(CompiledQuery.raw(sql, [...parameters]))).rows;
    },
    indexCodeHash: createHash('sha256').update(Buffer.concat(indexCode)).digest('hex').slice(0, 16),
  };
}
