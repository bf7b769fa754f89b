import { readFile, writeFile } from 'node:fs/promises';
import { measureFiles, renderFilesSection } from './files.js';
import { machine, today } from './machine.js';

/**
 * `npm run bench:files -w @geoportal/bench`: only the Files figures. Replaces the "Files"
 * section of docs/benchmarks.md (or appends it) and leaves the other sections as they are.
 */
const docs = new URL('../../docs/benchmarks.md', import.meta.url);
const section = renderFilesSection(await measureFiles(), machine(), today());
const current = await readFile(docs, 'utf8');
const start = current.search(/^## Files$/m);
let next: string;
if (start < 0) {
  next = `${current.trimEnd()}\n\n${section}`;
} else {
  const rest = current.slice(start + 1);
  const end = rest.search(/^## /m);
  next = current.slice(0, start) + section + (end < 0 ? '' : `\n${rest.slice(end)}`);
}
await writeFile(docs, next);
