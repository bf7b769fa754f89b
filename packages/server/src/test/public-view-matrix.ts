import { type ObjectState, objectStates } from '@geoportal/contract/object';
import type { FastifyInstance } from 'fastify';
import { replaceGrants } from '../modules/objects/object.repository.js';
import { createRecord, searchAccounts } from '../modules/search/search.test-helpers.js';
import { refreshSearchDocuments } from '../modules/search/search-index.js';
import { apiCaller, createAccount, signIn, withToken } from './access-helpers.js';

/**
 * The set-up of the access matrices of the interfaces that answer everyone with the
 * visitor's view (OAI-PMH, the sitemap): a record in every workflow state, and every kind of
 * caller. Every record carries grants that could let someone past review: write and delete
 * to a grantee and a stored read grant to everyone.
 */

export const publicViewCallers = [
  'visitor',
  'owner',
  'otherSubmitter',
  'editor',
  'administrator',
  'grantee',
  'readKey',
] as const;
export type PublicViewCaller = (typeof publicViewCallers)[number];

export interface PublicViewMatrix {
  /** The record in each state; its German title is `<word> <state>`. */
  ids: Record<ObjectState, string>;
  /** What the caller sends: nothing, its session, or the draft's read key. */
  headers(caller: PublicViewCaller): Record<string, string>;
}

/** Creates the accounts and the records (titles `<word> <state>`) on a fresh app. */
export async function setUpPublicViewMatrix(
  app: FastifyInstance,
  word: string,
): Promise<PublicViewMatrix> {
  const ids = {} as Record<ObjectState, string>;
  const sent = new Map<PublicViewCaller, Record<string, string>>([['visitor', {}]]);
  const headers = (caller: PublicViewCaller) => sent.get(caller) ?? {};
  // The search tests' owner, other submitter and editor, and a grantee and administrator.
  const search = await searchAccounts(app);
  sent.set('owner', withToken(search.owner));
  sent.set('otherSubmitter', withToken(search.other));
  sent.set('editor', withToken(search.editor));
  for (const [name, role] of [
    ['grantee', 'submitter'],
    ['administrator', 'administrator'],
  ] as const) {
    await createAccount(app, name, `${name}-password-1`, { role });
    sent.set(name, withToken(await signIn(app, name, `${name}-password-1`)));
  }
  const api = apiCaller(app);
  for (const state of objectStates) {
    const id = await createRecord(app, search, { title: { de: `${word} ${state}` } }, state);
    ids[state] = id;
    const key = await api('POST', `/object/${id}/accessKeys`, headers('owner'), { type: 'read' });
    if (state === 'draft') sent.set('readKey', { 'x-access-key': key.json().secret });
    // Grants that must not let anyone past review, stored as they are (a read grant to
    // everyone only older versions allowed on unpublished records), and indexed.
    await replaceGrants(app.db, id, [
      { permission: 'write', subject: { kind: 'user', name: 'grantee' } },
      { permission: 'delete', subject: { kind: 'user', name: 'grantee' } },
      { permission: 'read', subject: { kind: 'everyone' } },
    ]);
    await refreshSearchDocuments(app.db, [id]);
  }
  return { ids, headers };
}
