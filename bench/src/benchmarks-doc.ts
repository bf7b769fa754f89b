import { readFile, writeFile } from 'node:fs/promises';

const docs = new URL('../../docs/benchmarks.md', import.meta.url);

/**
 * The line that opens the hand-written part of a section (comparisons, explanations, earlier
 * runs): a run of the bench rewrites what is above it and keeps it and what follows.
 */
export const HAND_WRITTEN_MARKER = '<!-- written by hand below: each run of the bench keeps it -->';

/**
 * `current` (the whole document) with the section headed `## <heading>` replaced by `section`
 * (or appended), the other sections as they are: each figure set is measured on its own. The
 * replaced section's hand-written part, from HAND_WRITTEN_MARKER to its end, is kept after the
 * new figures.
 */
export function replaceBenchmarkSection(current: string, heading: string, section: string): string {
  const start = current.search(new RegExp(`^## ${heading}$`, 'm'));
  if (start < 0) return `${current.trimEnd()}\n\n${section}`;
  const rest = current.slice(start + 1);
  const end = rest.search(/^## /m);
  const old = end < 0 ? current.slice(start) : current.slice(start, start + 1 + end);
  const marker = old.indexOf(`\n${HAND_WRITTEN_MARKER}\n`);
  const kept = marker < 0 ? '' : `\n${old.slice(marker + 1).trimEnd()}\n`;
  return `${current.slice(0, start)}${section}${kept}${end < 0 ? '' : `\n${rest.slice(end)}`}`;
}

/** Writes `section` into docs/benchmarks.md (replaceBenchmarkSection). */
export async function writeBenchmarkSection(heading: string, section: string): Promise<void> {
  const current = await readFile(docs, 'utf8');
  await writeFile(docs, replaceBenchmarkSection(current, heading, section));
}
