import type { Metadata } from '@geoportal/contract/record';
import type { Db } from '../../db/database.js';
import { facetValue } from '../search/search-document.js';
import { upsertVisibilityChange } from './oai-visibility.repository.js';

/**
 * Deletion tracking for OAI-PMH (`deletedRecord=persistent`). Every change that can change
 * whether visitors see a record — a workflow step, an access change, a deletion — calls
 * `recordVisibilityChange` inside its own transaction, so the change and its trace commit
 * together. A record that stops being public leaves a row that the OAI-PMH interface answers
 * as a deleted header (datestamp: when it stopped); one that becomes public gets the time
 * too, so that an incremental harvest finds it even when its content is older.
 */

/** What the trace needs of the record: its type and metadata give its OAI sets. */
export interface TracedRecord {
  id: string;
  type: string;
  metadata: unknown;
}

/** The record's OAI sets in the form of the search index's facets (`type=…`, `inspireTheme=…`). */
export function setFacetsOf(type: string, metadata: Metadata): string[] {
  const themes = (metadata.classifiedKeywords ?? [])
    .filter((k) => k.classification === 'inspireTheme')
    .map((k) => facetValue('inspireTheme', k.code));
  return [facetValue('type', type), ...new Set(themes)].sort();
}

/**
 * Notes a change of the record's public visibility at `at`. `wasPublic` and `isPublicNow`
 * are the policy's `isPublic` before and after the change (after a deletion: false). Nothing
 * is written when visibility stays the same: an edit of a public record moves its datestamp
 * by its modification time, and a record that was never public never appears at all.
 */
export async function recordVisibilityChange(
  trx: Db,
  record: TracedRecord,
  wasPublic: boolean,
  isPublicNow: boolean,
  at: Date,
): Promise<void> {
  if (wasPublic === isPublicNow) return;
  await upsertVisibilityChange(trx, {
    objectId: record.id,
    at,
    sets: setFacetsOf(record.type, record.metadata as Metadata),
  });
}
