/** `path` with each segment URL-encoded, for links. */
export function encodeFilePath(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}
