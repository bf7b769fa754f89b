import { closeSync, constants, ftruncateSync, openSync, readFileSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { lock, unlock } from 'os-lock';

/**
 * The embedded database belongs to one process. PGlite has no lock of its own: two
 * processes on one `DATA_DIR/db` each run their own PostgreSQL over the same files and
 * corrupt them. Before opening it, a process takes an exclusive `fcntl` lock (`os-lock`;
 * `LockFileEx` on Windows) on `DATA_DIR/db.lock` and keeps it until the database is closed.
 * The kernel drops the lock when the process ends, however it ends, so a killed process's
 * lock never stops the next start and a live one is never mistaken for stale. The file
 * holds the owner's pid and host for the message of a refused start; the lock itself sits
 * on a byte far beyond that text, so the text stays readable on Windows too.
 */

/** The byte that is locked (far past the owner text, which other processes read). */
const LOCK_OFFSET = 1 << 30;

/** Thrown when another process holds the embedded database. */
export class DatabaseLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly owner: { pid?: number; host?: string } | undefined,
  ) {
    const who =
      owner?.pid !== undefined
        ? `another Geoportal process (pid ${owner.pid}${owner.host && owner.host !== hostname() ? ` on ${owner.host}` : ''})`
        : 'another process';
    super(
      `The embedded database in ${dir} is in use by ${who}. Only one process may open it: ` +
        'stop the other process, or give this one its own DATA_DIR (several processes can ' +
        'share one PostgreSQL server with DATABASE_URL).',
    );
    this.name = 'DatabaseLockedError';
  }
}

/** Lock files this process holds, by path: a second open in the same process is refused too. */
const heldHere = new Set<string>();

/** A held lock; `release` frees it (once). */
export interface DatabaseLock {
  release(): Promise<void>;
}

/**
 * Takes the exclusive lock of the embedded database in `dbDir` (the file `<dbDir>.lock`
 * beside it), or throws `DatabaseLockedError` naming the process that holds it.
 */
export async function lockDatabaseDir(dbDir: string): Promise<DatabaseLock> {
  const file = `${path.resolve(dbDir)}.lock`;
  // fcntl locks never conflict within one process, and closing any descriptor of the file
  // would drop them: a second open here is refused before the file is touched.
  if (heldHere.has(file)) throw new DatabaseLockedError(dbDir, { pid: process.pid });
  const fd = openSync(file, constants.O_RDWR | constants.O_CREAT, 0o644);
  try {
    await lock(fd, LOCK_OFFSET, 1, { exclusive: true, immediate: true });
  } catch (error) {
    closeSync(fd);
    const code = (error as NodeJS.ErrnoException).code;
    // fcntl answers EAGAIN or EACCES; libuv turns Windows' lock violation into EBUSY.
    if (code === 'EAGAIN' || code === 'EACCES' || code === 'EBUSY') {
      throw new DatabaseLockedError(dbDir, readOwner(file));
    }
    throw error;
  }
  heldHere.add(file);
  ftruncateSync(fd, 0);
  writeSync(fd, JSON.stringify({ pid: process.pid, host: hostname() }), 0);
  let released = false;
  return {
    async release() {
      if (released) return;
      released = true;
      try {
        ftruncateSync(fd, 0);
        await unlock(fd, LOCK_OFFSET, 1);
      } finally {
        closeSync(fd);
        heldHere.delete(file);
      }
    },
  };
}

function readOwner(file: string): { pid?: number; host?: string } | undefined {
  try {
    const owner = JSON.parse(readFileSync(file, 'utf8')) as { pid?: unknown; host?: unknown };
    return {
      ...(typeof owner.pid === 'number' ? { pid: owner.pid } : {}),
      ...(typeof owner.host === 'string' ? { host: owner.host } : {}),
    };
  } catch {
    // Written a moment after the lock is taken: an owner starting right now has no text yet.
    return undefined;
  }
}
