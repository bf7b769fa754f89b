import { unzipSync } from 'fflate';
import { BadRequestError } from '../../http/errors.js';

/** Most files one ZIP may hold for an import. */
const ZIP_ENTRIES_MAX = 10_000;
/** Largest single record file taken from a ZIP (ISO 19139 records are far smaller). */
const ZIP_ENTRY_BYTES_MAX = 20 * 1024 * 1024;

/** One file of an uploaded ZIP: its bytes, or why it was left out. */
export type ZipEntry = { name: string; bytes: Uint8Array } | { name: string; skipped: string };

/**
 * The XML files of a ZIP of ISO 19139 records, in name order. Folders, macOS resource forks
 * and files that are not `.xml` are left out silently; files above the size limit are named
 * as skipped and never inflated. A file that is no ZIP is a 400.
 */
export function readRecordZip(zip: Uint8Array): ZipEntry[] {
  const skipped: ZipEntry[] = [];
  let count = 0;
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(zip, {
      filter(file) {
        if (file.name.endsWith('/') || !/\.xml$/i.test(file.name)) return false;
        if (file.name.startsWith('__MACOSX/') || /(^|\/)\._/.test(file.name)) return false;
        count += 1;
        if (count > ZIP_ENTRIES_MAX) return false;
        if (file.originalSize > ZIP_ENTRY_BYTES_MAX) {
          skipped.push({ name: file.name, skipped: `larger than ${ZIP_ENTRY_BYTES_MAX} bytes` });
          return false;
        }
        return true;
      },
    });
  } catch (error) {
    throw new BadRequestError(
      `The upload is not a readable ZIP file (${error instanceof Error ? error.message : 'unknown problem'}).`,
    );
  }
  if (count > ZIP_ENTRIES_MAX) {
    throw new BadRequestError(`The ZIP holds more than ${ZIP_ENTRIES_MAX} XML files; split it.`);
  }
  const entries: ZipEntry[] = [
    ...Object.entries(files).map(([name, bytes]) => ({ name, bytes })),
    ...skipped,
  ];
  return entries.sort((a, b) => a.name.localeCompare(b.name));
}
