import { type ObjectState, objectStates } from '@geoportal/contract/object';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, createAccount, signIn, withToken } from '../../test/access-helpers.js';
import { mayRead, stepsTo, stepTaker } from '../../test/expected-access.js';
import { completeMetadata } from '../../test/record-fixtures.js';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app.js';
import { cswAnswer, resultsOf } from './csw.test-helpers.js';

/**
 * The access matrix of the catalogue service: every kind of caller × every workflow state,
 * through GetRecords, GetRecordById (both output schemas) and GetDomain, as DESIGN §5 says
 * (the expectations come from `expected-access.ts`, not from the code under test). Access
 * keys open single records in the API, never the search; the service treats a key holder as
 * the visitor it is. Every record carries what could let someone past review: grants of write
 * and delete to a grantee and a stored grant of read to everyone.
 */

type Caller =
  | 'visitor'
  | 'owner'
  | 'otherSubmitter'
  | 'editor'
  | 'administrator'
  | 'grantee'
  | 'readKey';
const callers: Caller[] = [
  'visitor',
  'owner',
  'otherSubmitter',
  'editor',
  'administrator',
  'grantee',
  'readKey',
];

const visible = (caller: Caller, state: ObjectState) =>
  caller === 'readKey' ? state === 'published' : mayRead(caller, state);

const WORD = 'Matrixprobe';

describe.each(testDatabases)('CSW access matrix on $name', (database) => {
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
  const csw = async (caller: Caller, params: Record<string, string>) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/csw?${new URLSearchParams({ service: 'CSW', version: '2.0.2', ...params })}`,
      headers: headers(caller),
    });
    expect(res.statusCode).toBe(200);
    return cswAnswer(res);
  };

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

    it(`${caller}: GetRecords finds and counts exactly the readable records, as the search API`, async () => {
      const answer = resultsOf(
        await csw(caller, {
          request: 'GetRecords',
          typeNames: 'csw:Record',
          resultType: 'results',
          constraintLanguage: 'CQL_TEXT',
          constraint: `AnyText LIKE '${WORD.toLowerCase()}'`,
        }),
      );
      expect(new Set(answer.ids)).toEqual(new Set(expected()));
      expect(answer.matched).toBe(expected().length);
      const search = await apiCaller(t.app)(
        'GET',
        `/index/search/objects/${WORD}/0/10?facets=false`,
        headers(caller),
      );
      expect(search.json().numFound).toBe(answer.matched);
    });

    it(`${caller}: GetRecordById answers exactly the readable records in both schemas`, async () => {
      for (const state of objectStates) {
        for (const outputSchema of [
          'http://www.opengis.net/cat/csw/2.0.2',
          'http://www.isotc211.org/2005/gmd',
        ]) {
          const { body: xml } = await csw(caller, {
            request: 'GetRecordById',
            id: ids[state],
            outputSchema,
          });
          expect(xml.includes(`${WORD} ${state}`), `${state} ${outputSchema}`).toBe(
            visible(caller, state),
          );
        }
      }
    });

    it(`${caller}: GetDomain lists the keywords of the readable records only`, async () => {
      const { body: xml } = await csw(caller, { request: 'GetDomain', PropertyName: 'Subject' });
      for (const state of objectStates) {
        expect(xml.includes(`matrix-${state}`), state).toBe(visible(caller, state));
      }
    });
  }
});
