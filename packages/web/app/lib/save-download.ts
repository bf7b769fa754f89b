/** Starts a download of `url` the way a click on a link with `download` would. */
export function startDownload(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * Hands a fetched file to the browser as a download named `fileName`. Used where a plain
 * link cannot work because the request needs headers (the session token, an access key).
 */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  startDownload(url, fileName);
  // Revoked on the next task: the download has started by then, and the URL must not leak.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
