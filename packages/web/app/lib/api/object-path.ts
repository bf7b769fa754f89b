/** `/object/{id}` plus optional segments, the id URL-encoded (SPEC §7). */
export function objectPath(id: string, ...segments: string[]): string {
  return ['/object', encodeURIComponent(id), ...segments].join('/');
}
