import { recordLimits } from './record-rules.js';

/**
 * The objects' limits and workflow states without any schema library, for the browser's
 * first script of a page; `object.ts` re-exports them beside its schemas.
 */

/** Limits of objects, shared by the server and the forms. */
export const objectLimits = {
  titleMax: recordLimits.titleMax,
  abstractMax: recordLimits.abstractMax,
  keywordsMax: recordLimits.keywordsMax,
  keywordMax: recordLimits.keywordMax,
  commentMax: 2000,
  listRowsMax: 100,
  grantsMax: 200,
  accessKeysMax: 50,
} as const;

/** Workflow states (DESIGN §5). */
export const objectStates = ['draft', 'submitted', 'published', 'withdrawn'] as const;
