import { BundleName, normaliseFilePath, type PathProblem } from '@geoportal/contract/files';

/** Why a chosen file is not sent; shown in the upload list before anything is sent. */
export type UploadProblem =
  | { kind: 'path'; problem: PathProblem }
  | { kind: 'tooLarge'; maxBytes: number }
  | { kind: 'folder' };

export type UploadCheck = { ok: true; path: string } | { ok: false; problem: UploadProblem };

/**
 * Checks a chosen file before it is sent: its name by the server's own path rules
 * (`normaliseFilePath`), its size against the largest upload the page knows (`maxBytes`;
 * without one the server's 413 is the only check). The stored path is the NFC name.
 */
export function checkUpload(
  file: { name: string; size: number },
  maxBytes: number | undefined,
): UploadCheck {
  const path = normaliseFilePath(file.name);
  if (!path.ok) return { ok: false, problem: { kind: 'path', problem: path.problem } };
  if (maxBytes !== undefined && file.size > maxBytes) {
    return { ok: false, problem: { kind: 'tooLarge', maxBytes } };
  }
  return { ok: true, path: path.path };
}

/** Whether `name` is a valid bundle name (lower-case letters, digits, `-` and `_`). */
export function isBundleName(name: string): boolean {
  return BundleName.safeParse(name).success;
}

/**
 * The largest upload in bytes, if the page's configuration names one (`maxUploadBytes`, the
 * server's `MAX_UPLOAD_BYTES`). Read defensively: the browser configuration does not carry
 * it yet, and until it does the server's 413 answers too large files.
 */
export function maxUploadBytesOf(config: unknown): number | undefined {
  if (typeof config !== 'object' || config === null || !('maxUploadBytes' in config)) {
    return undefined;
  }
  const value = (config as { maxUploadBytes: unknown }).maxUploadBytes;
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : undefined;
}
