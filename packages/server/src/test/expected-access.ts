import type { ObjectState } from '@geoportal/contract/object';

/**
 * The access rules of DESIGN §5 written out for the access-matrix tests, independent of the
 * code under test. Callers are named by kind: `visitor`, `owner` (a submitter owning the
 * record), `otherSubmitter`, `editor`, `administrator`, `readKey`, `writeKey`, `grantee` (a
 * submitter the owner granted write and delete); any other name (an expired or revoked key)
 * holds no right.
 *
 * Review cannot be bypassed (DESIGN §5): grants and keys widen who may read a record that is
 * not public and who may edit a draft, never more. An owner who granted themselves write or
 * delete, a grantee and a write key change drafts only; a grant to everyone opens only a
 * published record, so visitors read published records and nothing else.
 */
export const signedIn = (caller: string) =>
  ['owner', 'otherSubmitter', 'editor', 'administrator', 'grantee'].includes(caller);

/**
 * Callers who are told 403 rather than 401 when refused: signed-in users and holders of a
 * valid key (the key identifies them; signing in is not what they lack).
 */
export const identified = (caller: string) =>
  signedIn(caller) || caller === 'readKey' || caller === 'writeKey';

export const mayRead = (caller: string, state: ObjectState) =>
  ['owner', 'editor', 'administrator', 'readKey', 'writeKey', 'grantee'].includes(caller) ||
  state === 'published';

/**
 * What a caller finds in lists and searches (catalogue interfaces, feeds): keys open single
 * records, never a search, so a key holder finds what a visitor finds.
 */
export const mayFind = (caller: string, state: ObjectState) =>
  ['readKey', 'writeKey'].includes(caller) ? state === 'published' : mayRead(caller, state);

export const mayWrite = (caller: string, state: ObjectState) =>
  caller === 'administrator' ||
  (caller === 'editor' && state !== 'draft') ||
  (['owner', 'grantee', 'writeKey'].includes(caller) && state === 'draft');

/** Editors and administrators delete any record; owners and delete grantees drafts only. */
export const mayDelete = (caller: string, state: ObjectState) =>
  ['editor', 'administrator'].includes(caller) ||
  (['owner', 'grantee'].includes(caller) && state === 'draft');

/** The workflow steps that bring a new draft into `state`. */
export function stepsTo(state: ObjectState): ObjectState[] {
  return {
    draft: [],
    submitted: ['submitted'],
    published: ['submitted', 'published'],
    withdrawn: ['submitted', 'published', 'withdrawn'],
  }[state] as ObjectState[];
}

/** Who takes a workflow step in these tests: the owner submits, an editor does the rest. */
export const stepTaker = (step: ObjectState) => (step === 'submitted' ? 'owner' : 'editor');
