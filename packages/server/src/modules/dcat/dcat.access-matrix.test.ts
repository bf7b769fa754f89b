import { type ObjectState, objectStates } from '@geoportal/contract/object';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, createAccount, signIn, withToken } from '../../test/access-helpers.js';
import { mayRead, stepsTo, stepTaker } from '../../test/expected-access.js';
import { completeMetadata } from '../../test/record-fixtures.js';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app.js';
import { DCAT, ofType, parseTurtle } from './dcat.test-helpers.js';

/**
 * The access matrix of the DCAT-AP.de interface: every kind of caller × every workflow state,
 * through the catalogue (all three serializations) and a record's DCAT on its URL, as DESIGN §5
 * says (the expectations come from `expected-access.ts`, not from the code under test). The
 * catalogue finds what the search finds for the caller's account: access keys open single
 * records, never the catalogue, so a key holder gets the visitor's catalogue; on the record
 * URL the key opens the record it belongs to. Every record carries what could let someone
 * past review: grants of write and delete to a grantee and a stored grant of read to everyone.
 */

const callers = [
  'visitor',
  'owner',
  'otherSubmitter',
  'editor',
  'administrator',
  'grantee',
  'readKey',
] as const;
type Caller = (typeof callers)[number];

const BASE = 'https://geoportal.example.org';
const WORD = 'Matrixprobe';

/** In the catalogue: what the caller's account may read (a key holder is a visitor). */
const listed = (caller: Caller, state: ObjectState) =>
  caller === 'readKey' ? state === 'published' : mayRead(caller, state);

/** On the record URL: the same, and the key opens the draft it was made for. */
const readable = (caller: Caller, state: ObjectState) =>
  caller === 'readKey' ? state === 'published' || state === 'draft' : mayRead(caller, state);

describe.each(testDatabases)('DCAT-AP.de access matrix on $name', (database) => {
  let t: TestApp;
  const tokens: Partial<Record<Caller, string>> = {};
  const ids = {} as Record<ObjectState, string>;
  let readKey = '';
  const headers = (caller: Caller): Record<string, string> =>
    caller === 'readKey'
      ? { 'x-access-key': readKey }
      : tokens[caller]
        ? withToken(tokens[caller] as string)
        : {};

  beforeAll(async () => {
    t = await createTestApp(database, { PUBLIC_URL: BASE });
    const accounts: [Caller, string][] = [
      ['owner', 'submitter'],
      ['otherSubmitter', 'submitter'],
      ['grantee', 'submitter'],
      ['editor', 'editor'],
      ['administrator', 'administrator'],
    ];
    for (const [name, role] of accounts) {
      await createAccount(t.app, name, `${name}-password-1`, { role });
      tokens[name] = await signIn(t.app, name, `${name}-password-1`);
    }
    const api = apiCaller(t.app);
    for (const state of objectStates) {
      const created = await api('POST', '/object', headers('owner'), {
        metadata: completeMetadata({ title: { de: `${WORD} ${state}` } }),
      });
      const id = created.json().id as string;
      ids[state] = id;
      const key = await api('POST', `/object/${id}/accessKeys`, headers('owner'), { type: 'read' });
      if (state === 'draft') readKey = key.json().secret;
      for (const step of stepsTo(state)) {
        const res = await api('PUT', `/object/${id}/state`, headers(stepTaker(step) as Caller), {
          state: step,
        });
        expect(res.statusCode).toBe(200);
      }
      const granted = await api('POST', `/object/${id}/accessControl`, headers('owner'), {
        public: true,
        grants: (['write', 'delete'] as const).map((permission) => ({
          permission,
          subject: { kind: 'user', name: 'grantee' },
        })),
      });
      expect(granted.statusCode).toBe(200);
      await t.app.db
        .insertInto('object_grant')
        .values({ object_id: id, permission: 'read', subject_kind: 'everyone', subject_name: '' })
        .execute();
    }
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  for (const caller of callers) {
    it(`${caller}: the catalogue lists and counts exactly the records the search finds`, async () => {
      const expected = objectStates.filter((s) => listed(caller, s));
      for (const extension of ['ttl', 'rdf', 'jsonld']) {
        const res = await t.app.inject({
          url: `/dcat/catalog.${extension}`,
          headers: headers(caller),
        });
        expect(res.statusCode).toBe(200);
        for (const state of objectStates) {
          expect(res.body.includes(`${WORD} ${state}`), `${extension} ${state}`).toBe(
            expected.includes(state),
          );
          expect(res.body.includes(ids[state]), `${extension} ${state} id`).toBe(
            expected.includes(state),
          );
        }
      }
      const quads = parseTurtle(
        (await t.app.inject({ url: '/dcat/catalog.ttl', headers: headers(caller) })).body,
      );
      expect(new Set(ofType(quads, `${DCAT}Dataset`))).toEqual(
        new Set(expected.map((s) => `${BASE}/metadata/${ids[s]}#dataset`)),
      );
      const total = quads.find((q) => q.predicate.value.endsWith('#totalItems'));
      expect(total?.object.value).toBe(String(expected.length));
      const search = await apiCaller(t.app)(
        'GET',
        `/index/search/objects/${WORD}/0/10?facets=false`,
        caller === 'readKey' ? {} : headers(caller),
      );
      expect(search.json().numFound).toBe(expected.length);
    });

    it(`${caller}: a record's DCAT answers exactly the readable records, else 404`, async () => {
      for (const state of objectStates) {
        for (const query of ['?format=dcat', '?format=rdf', '?format=jsonld']) {
          const res = await t.app.inject({
            url: `/api/v1/object/${ids[state]}${query}`,
            headers: headers(caller),
          });
          expect(res.statusCode, `${state} ${query}`).toBe(readable(caller, state) ? 200 : 404);
          expect(res.body.includes(`${WORD} ${state}`), `${state} ${query}`).toBe(
            readable(caller, state),
          );
        }
      }
    });
  }
});
