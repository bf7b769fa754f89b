import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseLockedError, lockDatabaseDir } from './database-lock.js';

/** The lock of the embedded database within one process (other processes: data-dir.process.test.ts). */
describe('lockDatabaseDir', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'geoportal-lock-unit-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('records the owner, refuses a second holder, and can be taken again once released', async () => {
    const dbDir = path.join(dir, 'db');
    const held = await lockDatabaseDir(dbDir);
    expect(JSON.parse(await readFile(`${dbDir}.lock`, 'utf8'))).toMatchObject({
      pid: process.pid,
    });
    const refused = await lockDatabaseDir(dbDir).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DatabaseLockedError);
    expect((refused as Error).message).toContain(`pid ${process.pid}`);
    await held.release();
    await held.release(); // a second release is harmless
    const again = await lockDatabaseDir(dbDir);
    await again.release();
  });
});
