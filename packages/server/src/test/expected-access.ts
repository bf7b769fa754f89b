import type { ObjectState } from '@geoportal/contract/object';

/**
 * The access rules of DESIGN §5 written out for the access-matrix tests, independent of the
 * code under test. Callers are named by kind: `visitor`, `owner` (a submitter owning the
 * record), `otherSubmitter`, `editor`, `administrator`, `readKey`, `writeKey`; any other name
 * (an expired or revoked key) holds no right.
 */
export const signedIn = (caller: string) =>
  ['owner', 'otherSubmitter', 'editor', 'administrator'].includes(caller);

export const mayRead = (caller: string, state: ObjectState) =>
  ['owner', 'editor', 'administrator', 'readKey', 'writeKey'].includes(caller) ||
  state === 'published';

export const mayWrite = (caller: string, state: ObjectState) =>
  caller === 'administrator' ||
  caller === 'writeKey' ||
  (caller === 'owner' && state === 'draft') ||
  (caller === 'editor' && state !== 'draft');

export const mayDelete = (caller: string, state: ObjectState) =>
  caller === 'administrator' || (caller === 'owner' && state === 'draft');

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
