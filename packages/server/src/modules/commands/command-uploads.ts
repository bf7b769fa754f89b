import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ErrorCode } from '@geoportal/contract/errors';
import { NotFoundError } from '../../http/errors.js';

/**
 * Files for commands' `{upload}` arguments in the console: stored under
 * `DATA_DIR/command-uploads/<uuid>`, named by a random id the server chose, so a command
 * line can never name a path of the server. (The command-line tool reads local files
 * instead: its operator already has the machine.)
 */
const folder = (dataDir: string) => path.join(dataDir, 'command-uploads');
const UPLOAD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export async function saveCommandUpload(dataDir: string, bytes: Uint8Array): Promise<string> {
  const id = randomUUID();
  await mkdir(folder(dataDir), { recursive: true });
  await writeFile(path.join(folder(dataDir), id), bytes);
  return id;
}

/** How long an upload is kept for the commands that name it. */
export const COMMAND_UPLOAD_KEEP_MS = 24 * 3600 * 1000;

/** Deletes uploads older than the keep time (`purge expired`); answers how many. */
export async function purgeCommandUploads(dataDir: string, now: Date): Promise<number> {
  const names = await readdir(folder(dataDir)).catch(() => [] as string[]);
  let deleted = 0;
  for (const name of names.filter((n) => UPLOAD_ID.test(n))) {
    const file = path.join(folder(dataDir), name);
    const info = await stat(file).catch(() => undefined);
    if (!info || now.getTime() - info.mtimeMs < COMMAND_UPLOAD_KEEP_MS) continue;
    await rm(file, { force: true });
    deleted += 1;
  }
  return deleted;
}

export async function readCommandUpload(dataDir: string, reference: string): Promise<Uint8Array> {
  const notFound = () =>
    new NotFoundError(
      ErrorCode.commandUploadNotFound,
      'There is no such upload. Upload the file again and use the id it answers.',
    );
  if (!UPLOAD_ID.test(reference)) throw notFound();
  try {
    return await readFile(path.join(folder(dataDir), reference));
  } catch {
    throw notFound();
  }
}
