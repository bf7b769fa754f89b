/**
 * Hands a fetched file to the browser as a download named `fileName`. Used where a plain
 * link cannot work because the request needs headers (the session token, an access key).
 */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next task: the download has started by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
