import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { type BuildOptions, buildApp } from '../app.js';
import { type Config, loadConfig } from '../config.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, empty embedded database (a `DATA_DIR/db` folder) to copy from. */
    pgliteTemplate: string;
  }
}

/** A database engine the integration tests run on. */
export interface TestDatabase {
  name: 'pglite' | 'postgres';
  url?: string;
}

/**
 * PGlite always; a PostgreSQL server too when `TEST_DATABASE_URL` is set. Use with
 * `describe.each(testDatabases)` so every endpoint test runs on both.
 */
export const testDatabases: TestDatabase[] = [
  { name: 'pglite' },
  ...(process.env.TEST_DATABASE_URL
    ? [{ name: 'postgres' as const, url: process.env.TEST_DATABASE_URL }]
    : []),
];

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  /** Closes the app and removes its data folder and database schema. */
  close(): Promise<void>;
}

/**
 * Builds the real app on a fresh database: an empty PGlite in a new temporary folder, or a
 * new schema of the PostgreSQL test database that is dropped again on close.
 */
export async function createTestApp(
  database: TestDatabase,
  env: Record<string, string> = {},
  options: BuildOptions = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'geoportal-test-'));
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    DEMO_DATA: 'false',
    ...(database.url ? { DATABASE_URL: database.url, DATABASE_SCHEMA: schema } : {}),
    ...env,
  });
  // An embedded database starts as a copy of the run's migrated template (pglite-template.ts).
  const template = inject('pgliteTemplate');
  if (!config.databaseUrl && config.dataDir === dataDir && template) {
    await cp(template, path.join(dataDir, 'db'), { recursive: true });
  }
  const app = await buildApp(config, options);
  return {
    app,
    config,
    async close() {
      await app.close();
      if (database.url) await dropSchema(database.url, schema);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function dropSchema(url: string, schema: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`drop schema if exists "${schema}" cascade`);
  } finally {
    await client.end();
  }
}
