import { type ObjectState, objectStates } from '@geoportal/contract/object';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { replaceGrants } from '../modules/objects/object.repository.js';
import { createRecord, searchAccounts } from '../modules/search/search.test-helpers.js';
import { refreshSearchDocuments } from '../modules/search/search-index.js';
import { apiCaller, createAccount, signIn, withToken } from './access-helpers.js';
import { createTestApp, type TestApp, type TestDatabase } from './test-app.js';

/**
 * The set-up of the access matrices of the reading interfaces (CSW, OGC API Records,
 * DCAT-AP.de, OAI-PMH, the sitemap): a record in every workflow state, and every kind of
 * caller. Every record carries grants that could let someone past review: write and delete
 * to a grantee and a stored read grant to everyone. What each caller may see is the test's
 * to say, from `expected-access.ts`.
 */

export const readMatrixCallers = [
  'visitor',
  'owner',
  'otherSubmitter',
  'editor',
  'administrator',
  'grantee',
  'readKey',
] as const;
export type ReadMatrixCaller = (typeof readMatrixCallers)[number];

export interface ReadMatrix {
  /** The record in each state; its German title is `<word> <state>`, its keyword `matrix-<state>`. */
  ids: Record<ObjectState, string>;
  /** What the caller sends: nothing, its session, or the draft's read key. */
  headers(caller: ReadMatrixCaller): Record<string, string>;
  /** How many records the search API finds for the word, asked as the caller. */
  searchCount(caller: ReadMatrixCaller): Promise<number>;
}

/**
 * Registers the hooks of a `describe`: a fresh app on `database` (with the settings `env`)
 * holding the matrix's accounts and records (titles `<word> <state>`), closed at the end.
 */
export function useReadMatrix(
  database: TestDatabase,
  word: string,
  env: Record<string, string> = {},
): ReadMatrix & { readonly app: FastifyInstance } {
  let t: TestApp | undefined;
  let matrix: ReadMatrix | undefined;
  beforeAll(async () => {
    t = await createTestApp(database, env);
    matrix = await setUpReadMatrix(t.app, word);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });
  const ready = () => {
    if (!t || !matrix) throw new Error('the access matrix is set up in beforeAll');
    return { app: t.app, matrix };
  };
  return {
    get app() {
      return ready().app;
    },
    get ids() {
      return ready().matrix.ids;
    },
    headers: (caller) => ready().matrix.headers(caller),
    searchCount: (caller) => ready().matrix.searchCount(caller),
  };
}

async function setUpReadMatrix(app: FastifyInstance, word: string): Promise<ReadMatrix> {
  const ids = {} as Record<ObjectState, string>;
  const sent = new Map<ReadMatrixCaller, Record<string, string>>([['visitor', {}]]);
  const headers = (caller: ReadMatrixCaller) => sent.get(caller) ?? {};
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
    const id = await createRecord(
      app,
      search,
      { title: { de: `${word} ${state}` }, keywords: [`matrix-${state}`] },
      state,
    );
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
  const searchCount = async (caller: ReadMatrixCaller) => {
    const res = await api(
      'GET',
      `/index/search/objects/${word}/0/10?facets=false`,
      headers(caller),
    );
    if (res.statusCode !== 200) throw new Error(`search: ${res.statusCode} ${res.body}`);
    return res.json().numFound as number;
  };
  return { ids, headers, searchCount };
}
