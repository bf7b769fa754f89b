import { type ObjectState, objectStates } from '@geoportal/contract/object';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identified, mayDelete, mayRead, mayWrite } from '../../test/expected-access.js';

import { createTestApp, type TestApp, testDatabases } from '../../test/test-app.js';
import {
  type Caller,
  createCallers,
  fileUrl,
  jsonCaller,
  recordFixture,
  upload,
} from './files.test-helpers.js';

/**
 * The access matrix of files: every files endpoint × every kind of caller × every workflow
 * state, for a displayed bundle `data` and a hidden bundle `hidden`. Expected answers come
 * from the rules (DESIGN §5, Files issue), written here, not from the code under test:
 * bundles inherit the object's permissions; a hidden bundle is seen only by those who may
 * write the object; removing a file is a write.
 *
 * Every fixture carries what could let someone past review (DESIGN §5): the owner granted
 * themselves write and delete and granted them to `grantee` after the record reached its
 * state, and a grant of read to everyone is stored as older versions allowed on any record.
 * Both help with drafts only; visitors still see files of published records only.
 */
const callers: Caller[] = [
  'visitor',
  'owner',
  'otherSubmitter',
  'editor',
  'administrator',
  'readKey',
  'writeKey',
  'grantee',
];
const sees = (c: Caller, s: ObjectState, hidden: boolean) =>
  mayRead(c, s) && (!hidden || mayWrite(c, s));

/** 404 when the bundle is not visible, else the allowed status or 401/403. */
const onBundle = (c: Caller, s: ObjectState, hidden: boolean, allowed: boolean, ok: number) =>
  !sees(c, s, hidden) ? 404 : allowed ? ok : identified(c) ? 403 : 401;

type Bundle = 'data' | 'hidden';
interface Endpoint {
  name: string;
  request: (
    id: string,
    caller: Caller,
  ) => { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: unknown };
  /** Prepare the fixture for this caller (e.g. a file to delete); run as administrator. */
  before?: (id: string, caller: Caller) => Promise<void>;
  expected: (c: Caller, s: ObjectState) => number | boolean | string[];
  /** What to compare: the status (default), the JSON body or the bundle names. */
  answer?: 'json' | 'bundles';
}

function endpoints(
  adminUpload: (id: string, bundle: Bundle, p: string) => Promise<void>,
): Endpoint[] {
  const list: Endpoint[] = [
    {
      name: 'detailed view: bundles listed',
      request: (id) => ({ method: 'GET', url: `/object/${id}` }),
      answer: 'bundles',
      expected: (c, s) => (!mayRead(c, s) ? [] : sees(c, s, true) ? ['data', 'hidden'] : ['data']),
    },
    {
      name: 'POST upload',
      request: (id, c) => ({ method: 'POST', url: `/object/${id}/data/upload`, payload: c }),
      expected: (c, s) => onBundle(c, s, false, mayWrite(c, s), 201),
    },
  ];
  for (const bundle of ['data', 'hidden'] as const) {
    const hidden = bundle === 'hidden';
    const file = hidden ? 'h.txt' : 'f.txt';
    list.push(
      {
        name: `GET ${bundle} file`,
        request: (id) => ({ method: 'GET', url: fileUrl(id, bundle, file).slice(7) }),
        expected: (c, s) => (sees(c, s, hidden) ? 200 : 404),
      },
      {
        name: `POST ${bundle}/bearer (issue a signed URL)`,
        request: (id) => ({ method: 'POST', url: `/object/${id}/${bundle}/bearer` }),
        expected: (c, s) => (sees(c, s, hidden) ? 200 : 404),
      },
      {
        name: `GET ${bundle} as ZIP`,
        request: (id) => ({ method: 'GET', url: `/object/${id}/${bundle}?format=zip` }),
        expected: (c, s) => (sees(c, s, hidden) ? 200 : 404),
      },
      {
        name: `PUT ${bundle}/display`,
        request: (id) => ({
          method: 'PUT',
          url: `/object/${id}/${bundle}/display`,
          payload: !hidden,
        }),
        expected: (c, s) => onBundle(c, s, hidden, mayWrite(c, s), 204),
      },
      {
        name: `PUT ${bundle}/description`,
        request: (id) => ({
          method: 'PUT',
          url: `/object/${id}/${bundle}/description`,
          payload: 'Text',
        }),
        expected: (c, s) => onBundle(c, s, hidden, mayWrite(c, s), 204),
      },
      {
        name: `PUT ${bundle}/index`,
        request: (id) => ({
          method: 'PUT',
          url: `/object/${id}/${bundle}/index/${file}`,
          payload: true,
        }),
        expected: (c, s) => onBundle(c, s, hidden, mayWrite(c, s), 204),
      },
      {
        name: `DELETE ${bundle}/delete`,
        before: (id, c) => adminUpload(id, bundle, `del-${c}.txt`),
        request: (id, c) => ({
          method: 'DELETE',
          url: `/object/${id}/${bundle}/delete/del-${c}.txt`,
        }),
        expected: (c, s) => onBundle(c, s, hidden, mayWrite(c, s), 204),
      },
      {
        name: `GET ${bundle}/try`,
        request: (id) => ({ method: 'GET', url: `/object/${id}/${bundle}/try` }),
        expected: (c, s) => onBundle(c, s, hidden, true, 202),
      },
      {
        name: `PUT ${bundle}/try`,
        request: (id) => ({ method: 'PUT', url: `/object/${id}/${bundle}/try` }),
        expected: (c, s) => onBundle(c, s, hidden, mayWrite(c, s), 202),
      },
      {
        name: `DELETE ${bundle}/try`,
        request: (id) => ({ method: 'DELETE', url: `/object/${id}/${bundle}/try` }),
        expected: (c, s) => onBundle(c, s, hidden, mayDelete(c, s), 202),
      },
      // Read and write keys exist on every fixture, so a key helps whoever lacks access
      // where a key gives it: a write key writes (and sees hidden bundles of) drafts only.
      {
        name: `GET ${bundle}/accessKey/required`,
        request: (id) => ({ method: 'GET', url: `/object/${id}/${bundle}/accessKey/required` }),
        answer: 'json',
        expected: (c, s) => !sees(c, s, hidden) && sees(hidden ? 'writeKey' : 'readKey', s, hidden),
      },
      {
        name: `PUT ${bundle}/accessKey/required`,
        request: (id) => ({ method: 'PUT', url: `/object/${id}/${bundle}/accessKey/required` }),
        answer: 'json',
        expected: (c, s) => !mayWrite(c, s) && mayWrite('writeKey', s),
      },
    );
  }
  return list;
}

describe.each(testDatabases)('files access matrix on $name', (database) => {
  let t: TestApp;
  let tokens: Record<string, string>;
  const admin = () => ({ accesstoken: tokens.administrator as string });

  beforeAll(async () => {
    t = await createTestApp(database);
    tokens = await createCallers(t.app);
  }, 180_000);
  afterAll(async () => {
    await t.close();
  });

  async function adminUpload(id: string, bundle: Bundle, p: string) {
    const res = await upload(t.app, id, bundle, { path: p, content: `content of ${p}` }, admin());
    expect(res.statusCode).toBe(201);
  }

  for (const state of objectStates) {
    describe(`a ${state} record`, () => {
      let fixture: Awaited<ReturnType<typeof recordFixture>>;
      beforeAll(async () => {
        fixture = await recordFixture(t.app, tokens, state);
        const grants = (['owner', 'grantee'] as const).flatMap((name) =>
          (['write', 'delete'] as const).map((permission) => ({
            permission,
            subject: { kind: 'user', name },
          })),
        );
        const granted = await jsonCaller(t.app)(
          'POST',
          `/object/${fixture.id}/accessControl`,
          fixture.headers('owner'),
          { public: true, grants },
        );
        expect(granted.statusCode).toBe(200);
        await t.app.db
          .insertInto('object_grant')
          .values({
            object_id: fixture.id,
            permission: 'read',
            subject_kind: 'everyone',
            subject_name: '',
          })
          .execute();
        await adminUpload(fixture.id, 'data', 'f.txt');
        await adminUpload(fixture.id, 'hidden', 'h.txt');
        const hide = await jsonCaller(t.app)(
          'PUT',
          `/object/${fixture.id}/hidden/display`,
          admin(),
          false,
        );
        expect(hide.statusCode).toBe(204);
      });

      for (const endpoint of endpoints(adminUpload)) {
        it(`${endpoint.name}: every caller gets what the rules say`, async () => {
          const answers: Record<string, unknown> = {};
          const expected: Record<string, unknown> = {};
          for (const caller of callers) {
            await endpoint.before?.(fixture.id, caller);
            const req = endpoint.request(fixture.id, caller);
            const headers = {
              ...fixture.headers(caller),
              accept: 'application/json; detail=detailed',
            };
            const res =
              req.method === 'POST' && req.url.endsWith('/upload')
                ? await upload(
                    t.app,
                    fixture.id,
                    'data',
                    { path: `up-${caller}.txt`, content: caller },
                    headers,
                  )
                : await jsonCaller(t.app)(req.method, req.url, headers, req.payload);
            answers[caller] =
              endpoint.answer === 'json'
                ? res.json()
                : endpoint.answer === 'bundles'
                  ? res.statusCode === 200
                    ? res.json().bundles.map((b: { name: string }) => b.name)
                    : []
                  : res.statusCode;
            expected[caller] = endpoint.expected(caller, state);
          }
          expect(answers).toEqual(expected);
        });
      }
    });
  }
});
