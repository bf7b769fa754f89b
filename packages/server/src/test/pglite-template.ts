import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';

/**
 * Vitest global setup of the server tests: migrates one embedded database per run, which
 * `createTestApp` copies instead of creating and migrating its own. Creating a PGlite
 * database (its initdb) and migrating it takes about 2 s; copying the folder about 0.3 s, and
 * the test suite creates over a hundred of them.
 */
export default async function setup(project: TestProject) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'geoportal-test-template-'));
  const database = await openDatabase(
    loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', DEMO_DATA: 'false' }),
  );
  await database.close();
  project.provide('pgliteTemplate', path.join(dataDir, 'db'));
  return async () => {
    await rm(dataDir, { recursive: true, force: true });
  };
}
