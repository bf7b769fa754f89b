import type { Metadata } from '@geoportal/contract/record';
import type { Db } from '../../db/database.js';
import type { VisibilityChange } from '../objects/object-writes.js';
import { facetValue } from '../search/search-document.js';
import { upsertVisibilityChanges } from './oai-visibility.repository.js';

/**
 * Deletion tracking for OAI-PMH (`deletedRecord=persistent`). Every change that can change
 * whether visitors see a record — a workflow step, an access change, a harvest, a deletion —
 * goes through the objects write kernel, which calls `traceVisibilityChanges` (its hook) in
 * the change's transaction, so the change and its trace commit together. Nothing is written
 * when visibility stays the same: an edit of a public record moves its datestamp by its
 * modification time, and a record that was never public never appears at all. A record that stops being public leaves a row that the OAI-PMH interface answers
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
 * The OAI-PMH trace as a hook of the objects write kernel (registered in `app.ts`): every
 * record whose public visibility a write changes gets its row, in the write's transaction.
 */
export async function traceVisibilityChanges(
  trx: Db,
  changes: readonly VisibilityChange[],
  at: Date,
): Promise<void> {
  await upsertVisibilityChanges(
    trx,
    changes.map((change) => ({
      objectId: change.id,
      sets: setFacetsOf(change.type, change.metadata),
    })),
    at,
  );
}
