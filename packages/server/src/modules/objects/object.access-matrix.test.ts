import { type ObjectState, objectStates } from '@geoportal/contract/object';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, createAccount, signIn } from '../../test/access-helpers.js';
import {
  identified,
  mayDelete,
  mayRead,
  mayWrite,
  signedIn,
  stepsTo,
  stepTaker,
} from '../../test/expected-access.js';
import { completeMetadata } from '../../test/record-fixtures.js';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app.js';
import { seededVocabularies } from '../../test/test-vocabularies.js';
import { writeIso19139 } from '../records/iso19139-writer.js';

/**
 * The access matrix of the Objects work: every endpoint × every kind of caller × every
 * workflow state answers as the policy of DESIGN §5 says. The expected answers come from
 * the table below, written from the design, not from the code under test.
 *
 * Every fixture carries what could let someone past review (DESIGN §5): the owner granted
 * themselves write and delete and granted them to `grantee` after the record reached its
 * state, and a grant of read to everyone is stored as older versions allowed on any record.
 */
type Caller =
  | 'visitor'
  | 'owner'
  | 'otherSubmitter'
  | 'editor'
  | 'administrator'
  | 'readKey'
  | 'writeKey'
  | 'expiredKey'
  | 'revokedKey'
  | 'grantee';
const callers: Caller[] = [
  'visitor',
  'owner',
  'otherSubmitter',
  'editor',
  'administrator',
  'readKey',
  'writeKey',
  'expiredKey',
  'revokedKey',
  'grantee',
];

const mayControl = (c: Caller) => c === 'administrator' || c === 'owner';

/** 404 when the caller may not even see it, else the allowed status or 401/403. */
const expect3 = (c: Caller, s: ObjectState, allowed: boolean, ok: number) =>
  !mayRead(c, s) ? 404 : allowed ? ok : identified(c) ? 403 : 401;

interface Endpoint {
  name: string;
  mutates: boolean;
  request: (id: string) => {
    method: 'GET' | 'POST' | 'PUT' | 'DELETE';
    url: string;
    payload?: unknown;
    version?: true;
    /** The content type of a payload that is not JSON (sent as it is). */
    contentType?: string;
  };
  expected: (c: Caller, s: ObjectState) => number | boolean;
}

/** An ISO 19139 file of a complete record, for the import endpoint. */
const importFile = writeIso19139(
  {
    id: 'MatrixImportFile01',
    type: 'dataset',
    modified: '2026-01-01T00:00:00Z',
    metadata: completeMetadata({ title: { de: 'Importiert' } }),
  },
  seededVocabularies,
);

const endpoints: Endpoint[] = [
  {
    name: 'GET /object/{id}',
    mutates: false,
    request: (id) => ({ method: 'GET', url: `/object/${id}` }),
    expected: (c, s) => (mayRead(c, s) ? 200 : 404),
  },
  {
    name: 'PUT /object',
    mutates: true,
    request: (id) => ({
      method: 'PUT',
      url: '/object',
      payload: { id, metadata: { title: { de: 'Neu' } } },
      version: true,
    }),
    expected: (c, s) => expect3(c, s, mayWrite(c, s), 200),
  },
  {
    // Saving an ISO 19139 file over a record is the normal save (issue 18.6).
    name: 'PUT /object/{id}/import',
    mutates: true,
    request: (id) => ({
      method: 'PUT',
      url: `/object/${id}/import`,
      payload: importFile,
      version: true,
      contentType: 'application/xml',
    }),
    expected: (c, s) => expect3(c, s, mayWrite(c, s), 200),
  },
  {
    name: 'DELETE /object/{id}',
    mutates: true,
    request: (id) => ({ method: 'DELETE', url: `/object/${id}` }),
    expected: (c, s) => expect3(c, s, mayDelete(c, s), 204),
  },
  {
    name: 'GET accessControl',
    mutates: false,
    request: (id) => ({ method: 'GET', url: `/object/${id}/accessControl` }),
    expected: (c, s) => expect3(c, s, mayControl(c), 200),
  },
  {
    name: 'POST accessControl',
    mutates: true,
    request: (id) => ({
      method: 'POST',
      url: `/object/${id}/accessControl`,
      payload: { public: true, grants: [] },
    }),
    expected: (c, s) => expect3(c, s, mayControl(c), 200),
  },
  {
    // Only a published record may be opened to everyone: 400 for any other, for everyone.
    name: 'POST accessControl: read for everyone',
    mutates: true,
    request: (id) => ({
      method: 'POST',
      url: `/object/${id}/accessControl`,
      payload: { public: true, grants: [{ permission: 'read', subject: { kind: 'everyone' } }] },
    }),
    expected: (c, s) => expect3(c, s, mayControl(c), s === 'published' ? 200 : 400),
  },
  {
    name: 'POST accessControl: write for everyone',
    mutates: true,
    request: (id) => ({
      method: 'POST',
      url: `/object/${id}/accessControl`,
      payload: { public: true, grants: [{ permission: 'write', subject: { kind: 'everyone' } }] },
    }),
    expected: (c, s) => expect3(c, s, mayControl(c), 400),
  },
  {
    name: 'GET accessKeys',
    mutates: false,
    request: (id) => ({ method: 'GET', url: `/object/${id}/accessKeys` }),
    expected: (c, s) => expect3(c, s, mayControl(c), 200),
  },
  {
    name: 'POST accessKeys',
    mutates: true,
    request: (id) => ({
      method: 'POST',
      url: `/object/${id}/accessKeys`,
      payload: { type: 'read' },
    }),
    expected: (c, s) => expect3(c, s, mayControl(c), 201),
  },
  {
    name: 'GET try',
    mutates: false,
    request: (id) => ({ method: 'GET', url: `/object/${id}/try` }),
    expected: (c, s) => (mayRead(c, s) ? 202 : 404),
  },
  {
    name: 'PUT try',
    mutates: false,
    request: (id) => ({ method: 'PUT', url: `/object/${id}/try` }),
    expected: (c, s) => expect3(c, s, mayWrite(c, s), 202),
  },
  {
    name: 'POST accessControl/try',
    mutates: false,
    request: (id) => ({ method: 'POST', url: `/object/${id}/accessControl/try` }),
    expected: (c, s) => expect3(c, s, mayControl(c), 202),
  },
  // Read and write keys exist on every fixture, so a key helps whoever lacks the access
  // where a key gives it: a write key writes drafts only.
  {
    name: 'GET accessKey/required',
    mutates: false,
    request: (id) => ({ method: 'GET', url: `/object/${id}/accessKey/required` }),
    expected: (c, s) => !mayRead(c, s),
  },
  {
    name: 'PUT accessKey/required',
    mutates: false,
    request: (id) => ({ method: 'PUT', url: `/object/${id}/accessKey/required` }),
    expected: (c, s) => !mayWrite(c, s) && mayWrite('writeKey', s),
  },
];

describe.each(testDatabases)('access matrix on $name', (database) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp(database);
    for (const [name, role] of [
      ['owner', 'submitter'],
      ['otherSubmitter', 'submitter'],
      ['editor', 'editor'],
      ['administrator', 'administrator'],
      ['grantee', 'submitter'],
    ] as const) {
      await createAccount(t.app, name, 'matrix password 1', { role });
      tokens[name] = await signIn(t.app, name, 'matrix password 1');
    }
  });
  afterAll(async () => {
    await t.close();
  });

  const api = (...args: Parameters<ReturnType<typeof apiCaller>>) => apiCaller(t.app)(...args);
  const as = (who: string) => ({ accesstoken: tokens[who] as string });

  /**
   * A record in `state` with active read and write keys plus an expired and a revoked key;
   * complete, so that it may be submitted and published. Once in `state`, the owner grants
   * write and delete to themselves and to `grantee`, and a grant of read to everyone is
   * stored directly, as older versions took it on records of any state.
   */
  async function fixture(state: ObjectState) {
    const created = await api('POST', '/object', as('owner'), {
      metadata: completeMetadata({ title: { de: `Matrix ${state}` } }),
    });
    const id = created.json().id as string;
    const key = async (type: 'read' | 'write') =>
      (await api('POST', `/object/${id}/accessKeys`, as('owner'), { type })).json();
    const read = await key('read');
    const write = await key('write');
    const expired = await key('read');
    const revoked = await key('write');
    await t.app.db
      .updateTable('access_key')
      .set({ expires_at: new Date(Date.now() - 60_000) })
      .where('id', '=', expired.id)
      .execute();
    await api('DELETE', `/object/${id}/accessKeys/${revoked.id}`, as('owner'));
    for (const step of stepsTo(state)) {
      const res = await api('PUT', `/object/${id}/state`, as(stepTaker(step)), { state: step });
      expect(res.statusCode).toBe(200);
    }
    const grants = (['owner', 'grantee'] as const).flatMap((name) =>
      (['write', 'delete'] as const).map((permission) => ({
        permission,
        subject: { kind: 'user', name },
      })),
    );
    const granted = await api('POST', `/object/${id}/accessControl`, as('owner'), {
      public: true,
      grants,
    });
    expect(granted.statusCode).toBe(200);
    await t.app.db
      .insertInto('object_grant')
      .values({ object_id: id, permission: 'read', subject_kind: 'everyone', subject_name: '' })
      .execute();
    const secrets: Partial<Record<Caller, string>> = {
      readKey: read.secret,
      writeKey: write.secret,
      expiredKey: expired.secret,
      revokedKey: revoked.secret,
    };
    return { id, secrets };
  }

  function headersFor(
    caller: Caller,
    secrets: Partial<Record<Caller, string>>,
  ): Record<string, string> {
    if (signedIn(caller)) return as(caller);
    const secret = secrets[caller];
    return secret ? { 'x-access-key': secret } : {};
  }

  for (const state of objectStates) {
    describe(`a ${state} record`, () => {
      let shared: Awaited<ReturnType<typeof fixture>>;
      beforeAll(async () => {
        shared = await fixture(state);
      });

      for (const endpoint of endpoints) {
        it(`${endpoint.name}: every caller gets what the policy says`, async () => {
          const answers: Record<string, number | boolean> = {};
          const expected: Record<string, number | boolean> = {};
          for (const caller of callers) {
            const target = endpoint.mutates ? await fixture(state) : shared;
            const req = endpoint.request(target.id);
            let payload = req.payload;
            let url = req.url;
            if (req.version) {
              const version = (await api('GET', `/object/${target.id}`, as('administrator'))).json()
                .version;
              if (req.contentType) url = `${url}?version=${version}`;
              else payload = { ...(payload as object), version };
            }
            const headers = {
              ...headersFor(caller, target.secrets),
              ...(req.contentType ? { 'content-type': req.contentType } : {}),
            };
            const res = await api(req.method, url, headers, payload);
            answers[caller] =
              typeof endpoint.expected(caller, state) === 'boolean' ? res.json() : res.statusCode;
            expected[caller] = endpoint.expected(caller, state);
          }
          expect(answers).toEqual(expected);
        });
      }
    });
  }
});
