import { readFile, writeFile } from 'node:fs/promises';

const docs = new URL('../../docs/benchmarks.md', import.meta.url);

/**
 * Replaces the section headed `## <heading>` of docs/benchmarks.md with `section` (or appends
 * it), leaving the other sections as they are: each figure set is measured on its own.
 */
export async function writeBenchmarkSection(heading: string, section: string): Promise<void> {
  const current = await readFile(docs, 'utf8');
  const start = current.search(new RegExp(`^## ${heading}$`, 'm'));
  let next: string;
  if (start < 0) {
    next = `${current.trimEnd()}\n\n${section}`;
  } else {
    const rest = current.slice(start + 1);
    const end = rest.search(/^## /m);
    next = current.slice(0, start) + section + (end < 0 ? '' : `\n${rest.slice(end)}`);
  }
  await writeFile(docs, next);
}
