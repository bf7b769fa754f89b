import { ErrorCode } from '@geoportal/contract/errors';
import { parseQuery } from '@geoportal/contract/search-query';
import { strToU8, Zip, ZipDeflate } from 'fflate';
import { HttpError } from '../../http/errors.js';
import type { ObjectContext } from '../objects/object-kernel.js';
import { viewerOf } from '../objects/policy.js';
import { SearchQueryInvalidError } from '../search/search.errors.js';
import { matchingIds } from '../search/search.service.js';
import type { SearchRequest } from '../search/search-params.js';
import type { SearchTarget } from '../search/search-statements.js';
import { exportIso19139 } from './record.service.js';

/** Ids asked of the search at a time: one page of ids, never the whole result in memory. */
const PAGE = 200;

/**
 * What one ZIP may hold: fflate writes no ZIP64, so at most 65,535 entries and 4 GiB (the
 * fields of the classic end record). Beyond that the export fails rather than writing a ZIP
 * that unzip tools misread.
 */
export const ZIP_LIMITS = { entries: 0xffff, bytes: 0xffffffff };

const tooLarge = (what: string) =>
  new HttpError(
    422,
    ErrorCode.commandFailed,
    `The matching records exceed ${what}, the most one ZIP can hold. Narrow the query (e.g. by type or year) and export in parts.`,
  );

/** What an export reports while it runs, and where it stops when canceled. */
export interface ExportSteps {
  /** Between records: throws when the run was canceled. */
  checkpoint(): void;
  /** After each record; `total` is the search's count (estimated for very large results). */
  progress(done: number, total: number): void;
  /** After each record that went into the ZIP or was left out. */
  record(outcome: { id: string; written: boolean; done: number; total: number }): void;
}

/** Appends bytes to the file being written; awaited before the next record is read. */
export type ByteSink = (bytes: Uint8Array) => Promise<void>;

/**
 * The ids of every record matching `q` (the search's query language; empty for all) that the
 * caller may read, page by page in the order they were created, so records created while the
 * export runs come last. The same index and visibility as the search; a record seen twice
 * (pages shift when records are deleted meanwhile) is given once.
 */
async function* readableMatches(
  target: SearchTarget,
  ctx: ObjectContext,
  q: string,
): AsyncGenerator<{ id: string; total: number }> {
  const parsed = parseQuery(q.trim() === '*' ? '' : q);
  if (!parsed.ok) throw new SearchQueryInvalidError('query', parsed.problem);
  const viewer = viewerOf(ctx.auth);
  const seen = new Set<string>();
  for (let start = 0; ; start += PAGE) {
    const request: SearchRequest = {
      query: parsed.value,
      filters: [],
      sorts: [{ field: 'created', direction: 'asc' }],
      start,
      rows: PAGE,
      facets: false,
    };
    const page = await matchingIds(target, request, viewer);
    for (const id of page.ids) {
      if (seen.has(id)) continue;
      seen.add(id);
      yield { id, total: page.numFound };
    }
    if (page.ids.length < PAGE) return;
  }
}

/**
 * Writes one ZIP of the ISO 19139 documents (`<record id>.xml`) of the records matching `q`
 * that the caller may read, as the record export writes each (`exportIso19139`, the same
 * access rule). Bounded memory: each record is compressed and handed to `sink` before the
 * next is read. A record deleted or hidden between the search and its export is left out.
 * Answers how many records were written and left out.
 */
export async function writeRecordsZip(
  target: SearchTarget,
  ctx: ObjectContext,
  q: string,
  sink: ByteSink,
  steps: ExportSteps,
  limits = ZIP_LIMITS,
): Promise<{ written: number; leftOut: number }> {
  const chunks: Uint8Array[] = [];
  let failure: Error | null = null;
  // fflate's Zip hands over compressed bytes synchronously as each entry is pushed.
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else chunks.push(chunk);
  });
  let bytes = 0;
  const flush = async () => {
    if (failure) throw failure;
    for (const chunk of chunks.splice(0)) {
      bytes += chunk.length;
      if (bytes > limits.bytes) throw tooLarge(`${limits.bytes} bytes`);
      await sink(chunk);
    }
  };
  let written = 0;
  let leftOut = 0;
  let total = 0;
  for await (const match of readableMatches(target, ctx, q)) {
    steps.checkpoint();
    total = Math.max(match.total, written + leftOut + 1);
    let xml: string | undefined;
    try {
      xml = await exportIso19139(ctx, match.id);
    } catch (error) {
      // Gone or no longer readable since the search found it: not part of the export.
      if (!(error instanceof HttpError) || (error.status !== 404 && error.status !== 403)) {
        throw error;
      }
    }
    if (xml === undefined) {
      leftOut += 1;
    } else {
      if (written === limits.entries) throw tooLarge(`${limits.entries} records`);
      const entry = new ZipDeflate(`${match.id}.xml`, { level: 6 });
      zip.add(entry);
      entry.push(strToU8(xml), true);
      await flush();
      written += 1;
    }
    const done = written + leftOut;
    steps.progress(done, total);
    steps.record({ id: match.id, written: xml !== undefined, done, total });
  }
  zip.end();
  await flush();
  return { written, leftOut };
}
