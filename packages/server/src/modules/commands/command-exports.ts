import { randomUUID } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { type FileHandle, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { ErrorCode } from '@geoportal/contract/errors';
import { NotFoundError } from '../../http/errors.js';

/**
 * Files that commands write for the administrator to fetch (`export records to zip`): kept
 * under `DATA_DIR/command-exports/<name>`, named after the run that wrote them. A file is
 * written under a hidden temporary name in the same folder and renamed when whole, so a
 * download or a listing never sees half a file; the names a download accepts can never
 * reach outside the folder or a temporary file.
 */
const folder = (dataDir: string) => path.join(dataDir, 'command-exports');
/** A finished export: letters, digits, `-` and `_`, then `.zip`; no dots, slashes or `..`. */
const EXPORT_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,150}\.zip$/;
/** Temporary files of a run still writing (or one that died): `.<name>.<uuid>.tmp`. */
const TEMPORARY = /^\.[A-Za-z0-9][A-Za-z0-9_-]{0,150}\.zip\.[0-9a-f-]{36}\.tmp$/;

/** How long an export is kept for its download (`purge expired` deletes older ones). */
export const COMMAND_EXPORT_KEEP_MS = 7 * 24 * 3600 * 1000;

/** Where the console downloads an export (the API route, under the API base). */
export const commandExportPath = (name: string) => `/commands/exports/${name}`;

/**
 * The name of a run's export: what it holds, when and which run, e.g.
 * `records-20261126T071205Z-<run id>.zip`. The run id is cleaned to the name's characters.
 */
export function commandExportName(kind: string, runId: string, now: Date): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  const run = runId.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 64);
  return `${kind}-${stamp}-${run}.zip`;
}

/** An export being written: append bytes, then `commit` (visible) or `discard` (gone). */
export interface ExportWriter {
  /** The path the finished file will have. */
  readonly file: string;
  write(bytes: Uint8Array): Promise<void>;
  /** Flushes to disk, then renames the file into place under its name. */
  commit(): Promise<void>;
  /** Deletes the temporary file; safe after a failed write or a commit. */
  discard(): Promise<void>;
}

/** Starts writing the export `name` under a temporary name in the exports folder. */
export async function createCommandExport(dataDir: string, name: string): Promise<ExportWriter> {
  if (!EXPORT_NAME.test(name)) throw new Error(`Not an export name: ${name}`);
  await mkdir(folder(dataDir), { recursive: true });
  const file = path.join(folder(dataDir), name);
  const temporary = path.join(folder(dataDir), `.${name}.${randomUUID()}.tmp`);
  const handle: FileHandle = await open(temporary, 'wx');
  let isOpen = true;
  const close = async () => {
    if (!isOpen) return;
    isOpen = false;
    await handle.close();
  };
  return {
    file,
    async write(bytes) {
      let written = 0;
      while (written < bytes.length) {
        const { bytesWritten } = await handle.write(bytes, written);
        written += bytesWritten;
      }
    },
    async commit() {
      // The bytes reach the disk before the name does: after a crash the name shows either
      // nothing or the whole file.
      await handle.sync();
      await close();
      await rename(temporary, file);
      await syncFolder(folder(dataDir));
    },
    async discard() {
      await close().catch(() => undefined);
      await rm(temporary, { force: true });
    },
  };
}

/** Makes a rename durable; a file system that cannot open folders for it is left as it is. */
async function syncFolder(dir: string) {
  const handle = await open(dir, 'r').catch(() => undefined);
  if (!handle) return;
  try {
    await handle.sync();
  } catch {
    // Some file systems refuse fsync on a folder; the rename itself has happened.
  } finally {
    await handle.close();
  }
}

/** A finished export to send: its stream and size; 404 for any other name. */
export async function openCommandExport(
  dataDir: string,
  name: string,
): Promise<{ stream: ReadStream; size: number }> {
  const notFound = () =>
    new NotFoundError(
      ErrorCode.commandExportNotFound,
      'There is no such export. Exports are kept for 7 days; run the export again.',
    );
  if (!EXPORT_NAME.test(name)) throw notFound();
  const file = path.join(folder(dataDir), name);
  const info = await stat(file).catch(() => undefined);
  if (!info?.isFile()) throw notFound();
  return { stream: createReadStream(file), size: info.size };
}

/**
 * Deletes exports older than the keep time, and temporary files of runs that died as long
 * ago (`purge expired`); answers how many exports.
 */
export async function purgeCommandExports(dataDir: string, now: Date): Promise<number> {
  const names = await readdir(folder(dataDir)).catch(() => [] as string[]);
  let deleted = 0;
  for (const name of names) {
    const finished = EXPORT_NAME.test(name);
    if (!finished && !TEMPORARY.test(name)) continue;
    const file = path.join(folder(dataDir), name);
    const info = await stat(file).catch(() => undefined);
    if (!info || now.getTime() - info.mtimeMs < COMMAND_EXPORT_KEEP_MS) continue;
    await rm(file, { force: true });
    if (finished) deleted += 1;
  }
  return deleted;
}
