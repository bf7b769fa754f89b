/**
 * The languages of a record's multilingual fields, without any schema library (the browser's
 * first bundle of a page uses them); `record.ts` re-exports them.
 */

/** Product languages of multilingual fields; de is the fallback (SPEC §9). */
export const recordLanguages = ['de', 'en'] as const;
export type RecordLanguage = (typeof recordLanguages)[number];
