import { type ObjectState, objectStates } from '@geoportal/contract/object';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, createAccount, signIn, withToken } from '../../test/access-helpers.js';
import { mayRead, stepsTo, stepTaker } from '../../test/expected-access.js';
import { completeMetadata } from '../../test/record-fixtures.js';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app.js';
import { items, ogcGet } from './ogcapi.test-helpers.js';

/**
 * The access matrix of OGC API Records: every kind of caller × every workflow state, through
 * the items (found, counted, filtered) and one item in both representations, as DESIGN §5
 * says (the expectations come from `expected-access.ts`, not from the code under test).
 * Access keys open single records in the object API, never the search; the API treats a key
 * holder as the visitor it is. Every record carries what could let someone past review:
 * grants of write and delete to a grantee and a stored grant of read to everyone.
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

const visible = (caller: Caller, state: ObjectState) =>
  caller === 'readKey' ? state === 'published' : mayRead(caller, state);

const WORD = 'Matrixprobe';

describe.each(testDatabases)('OGC API Records access matrix on $name', (database) => {
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
    t = await createTestApp(database);
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
        metadata: completeMetadata({
          title: { de: `${WORD} ${state}` },
          keywords: [`matrix-${state}`],
        }),
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
    const expected = () => objectStates.filter((s) => visible(caller, s)).map((s) => ids[s]);

    it(`${caller}: items finds and counts exactly the readable records, as the search API`, async () => {
      const queries: Record<string, string>[] = [
        { q: WORD.toLowerCase(), limit: '100' },
        { filter: `title LIKE '${WORD.toLowerCase()}'`, limit: '100' },
        { filter: "keywords LIKE 'matrix%'", sortby: '-updated', limit: '100' },
        { ids: Object.values(ids).join(','), limit: '100' },
      ];
      for (const params of queries) {
        const answer = await items(t.app, params, headers(caller));
        expect(new Set(answer.ids), JSON.stringify(params)).toEqual(new Set(expected()));
        expect(answer.numberMatched, JSON.stringify(params)).toBe(expected().length);
      }
      const search = await apiCaller(t.app)(
        'GET',
        `/index/search/objects/${WORD}/0/10?facets=false`,
        headers(caller),
      );
      expect(search.json().numFound).toBe(expected().length);
      // A page of one counts all of them too, and the HTML list shows no other record.
      const html = await ogcGet(
        t.app,
        '/collections/metadata/items?f=html&limit=100',
        headers(caller),
      );
      for (const state of objectStates) {
        expect(html.body.includes(`${WORD} ${state}`), `html ${state}`).toBe(
          visible(caller, state),
        );
      }
    });

    it(`${caller}: items/{id} answers exactly the readable records, 404 for the others`, async () => {
      for (const state of objectStates) {
        for (const f of ['json', 'html']) {
          const res = await ogcGet(
            t.app,
            `/collections/metadata/items/${ids[state]}?f=${f}`,
            headers(caller),
          );
          expect(res.statusCode, `${state} ${f}`).toBe(visible(caller, state) ? 200 : 404);
          expect(res.body.includes(`${WORD} ${state}`), `${state} ${f}`).toBe(
            visible(caller, state),
          );
        }
      }
    });
  }
});
