import { ErrorBody } from '@geoportal/contract/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Auth, authOfAccount } from '../modules/access/access.service.js';
import { parseLine } from '../modules/commands/command-catalogue.js';
import type { CommandRun } from '../modules/commands/command-runner.js';
import { runParsedLine } from '../modules/commands/command-runner.js';
import { MemoryCaches } from '../modules/system/memory-caches.js';
import { createAccount, signIn, withToken } from '../test/access-helpers.js';
import { createTestApp, type TestApp, testDatabases } from '../test/test-app.js';
import { HttpError } from './errors.js';
import { requireAdministrator } from './guards.js';
import { appContext } from './request-context.js';

const signInFirst = 'Sign in first: this needs a valid AccessToken.';

const authWith = (roles: string[]): Auth => ({
  accountId: 'a1',
  sessionHash: 'h',
  principal: { name: 'someone', readonly: false, roles },
  groups: [],
});

/** What a call threw, as the error handler would answer it. */
function refusal(call: () => unknown) {
  try {
    call();
  } catch (error) {
    if (error instanceof HttpError) {
      return { status: error.status, code: error.code, message: error.message };
    }
    throw error;
  }
  return undefined;
}

describe('requireAdministrator', () => {
  it('answers 401 auth.required when nobody is signed in', () => {
    expect(refusal(() => requireAdministrator(null, 'manage harvesters'))).toEqual({
      status: 401,
      code: 'auth.required',
      message: signInFirst,
    });
  });

  it('answers 403 auth.forbidden naming what was refused to anyone without the role', () => {
    for (const roles of [[], ['submitter'], ['editor'], ['editor', 'submitter']]) {
      expect(refusal(() => requireAdministrator(authWith(roles), 'manage harvesters'))).toEqual({
        status: 403,
        code: 'auth.forbidden',
        message: 'Only administrators may manage harvesters.',
      });
    }
  });

  it('answers the administrator', () => {
    const auth = authWith(['editor', 'administrator']);
    expect(requireAdministrator(auth, 'manage harvesters')).toBe(auth);
  });
});

describe.each(testDatabases)('the administrator guard of the API on $name', (database) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp(database);
    await createAccount(t.app, 'root', 'root password 1', { role: 'administrator' });
    await createAccount(t.app, 'ed', 'ed password 1', { role: 'editor' });
    await createAccount(t.app, 'sub', 'sub password 1', { role: 'submitter' });
    tokens.root = await signIn(t.app, 'root', 'root password 1');
    tokens.ed = await signIn(t.app, 'ed', 'ed password 1');
    tokens.sub = await signIn(t.app, 'sub', 'sub password 1');
  });
  afterAll(async () => {
    await t.close();
  });

  type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
  const call = (method: Method, url: string, who?: string, body?: unknown, type?: string) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: {
        ...(who ? withToken(tokens[who] as string) : {}),
        ...(body !== undefined ? { 'content-type': type ?? 'application/json' } : {}),
      },
      ...(body !== undefined
        ? { payload: Buffer.isBuffer(body) ? body : JSON.stringify(body) }
        : {}),
    });

  /** One endpoint of each administrators-only plugin (and the one such route of another). */
  const endpoints: { plugin: string; method: Method; url: string; body?: unknown; what: string }[] =
    [
      { plugin: 'users', method: 'GET', url: '/users', what: 'manage users and groups' },
      { plugin: 'roles', method: 'GET', url: '/roles', what: 'manage users and groups' },
      { plugin: 'groups', method: 'GET', url: '/groups', what: 'manage users and groups' },
      { plugin: 'audit', method: 'GET', url: '/audit', what: 'see the audit log' },
      {
        plugin: 'processes',
        method: 'GET',
        url: '/processes',
        what: 'see and control processes',
      },
      {
        plugin: 'processes (event stream)',
        method: 'GET',
        url: '/processes/events',
        what: 'see and control processes',
      },
      { plugin: 'harvesters', method: 'GET', url: '/harvesters', what: 'manage harvesters' },
      { plugin: 'commands', method: 'GET', url: '/commands', what: 'run commands' },
      {
        plugin: 'classifications (PUT only)',
        method: 'PUT',
        url: '/classification/topicCategory',
        body: { label: { de: 'x', en: 'x' }, items: [] },
        what: 'change classifications',
      },
    ];

  it.each(endpoints)(
    '$plugin: 401 for visitors, 403 naming it for submitters and editors',
    async ({ method, url, body, what }) => {
      const visitor = await call(method, url, undefined, body);
      expect(visitor.statusCode).toBe(401);
      expect(ErrorBody.parse(visitor.json())).toEqual({
        status: 401,
        code: 'auth.required',
        message: signInFirst,
      });
      for (const who of ['sub', 'ed']) {
        const res = await call(method, url, who, body);
        expect(res.statusCode, who).toBe(403);
        expect(ErrorBody.parse(res.json())).toEqual({
          status: 403,
          code: 'auth.forbidden',
          message: `Only administrators may ${what}.`,
        });
      }
    },
  );

  it('lets administrators through on the same plugins', async () => {
    for (const url of ['/users', '/roles', '/groups', '/audit', '/processes', '/harvesters']) {
      expect((await call('GET', url, 'root')).statusCode, url).toBe(200);
    }
    expect((await call('GET', '/commands', 'root')).statusCode).toBe(200);
  });

  it('keeps public routes of a plugin open: a classification is read by visitors', async () => {
    expect((await call('GET', '/classification/topicCategory')).statusCode).toBe(200);
  });

  it('refuses before the body is read: no validation answer, no upload taken', async () => {
    // An invalid body would be 400 for an administrator; others learn nothing of its shape.
    for (const [who, status] of [
      [undefined, 401],
      ['ed', 403],
    ] as const) {
      expect((await call('POST', '/harvesters', who, { name: 1 })).statusCode).toBe(status);
      expect((await call('POST', '/users', who, { name: '' })).statusCode).toBe(status);
      expect((await call('POST', '/processes', who, { kind: 7 })).statusCode).toBe(status);
      const upload = await call(
        'POST',
        '/commands/uploads',
        who,
        Buffer.from('not a zip'),
        'application/zip',
      );
      expect(upload.statusCode).toBe(status);
    }
    expect((await call('POST', '/harvesters', 'root', { name: 1 })).statusCode).toBe(400);
  });

  it('an invalid or expired AccessToken counts as nobody signed in', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/audit',
      headers: withToken('not-a-session'),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'auth.required' });
  });

  /**
   * Commands reach services outside HTTP (the CLI, a `command.run` process) with the
   * account's own identity; those services keep their own check.
   */
  describe('commands run outside HTTP, as a non-administrator', () => {
    async function runAs(name: string | null, line: string) {
      const auth = name ? await authOfAccount(t.app.db, name) : null;
      const run = {
        ctx: {
          ...appContext(t.app),
          auth,
          store: t.app.blobStore,
          requestId: 'cli:test',
          language: 'en',
        },
        caches: new MemoryCaches(),
        clock: () => t.app.clock(),
        readUpload: async () => new Uint8Array(),
        write: () => {},
        stored: false,
        jobKinds: {},
      } as unknown as CommandRun;
      try {
        await runParsedLine(parseLine(line), run);
      } catch (error) {
        if (error instanceof HttpError) return { status: error.status, message: error.message };
        throw error;
      }
      return { status: 200, message: '' };
    }

    it.each([
      ['show statistics', 'see the statistics'],
      ['clear caches', 'clear caches'],
      ['create user newbie', 'manage users and groups'],
      ['disable user sub', 'manage users and groups'],
      ['reset password of sub', 'manage users and groups'],
      ['reindex search', 'see and control processes'],
      ['purge expired', 'see and control processes'],
    ])('"%s" is refused: only administrators may %s', async (line, what) => {
      for (const who of ['ed', 'sub']) {
        expect(await runAs(who, line)).toEqual({
          status: 403,
          message: `Only administrators may ${what}.`,
        });
      }
      expect(await runAs(null, line)).toEqual({ status: 401, message: signInFirst });
    });

    it('changed nothing: the user is enabled and no user was created', async () => {
      const rows = await t.app.db
        .selectFrom('account')
        .select(['name', 'enabled'])
        .where('name', 'in', ['sub', 'newbie'])
        .execute();
      expect(rows).toEqual([{ name: 'sub', enabled: true }]);
    });

    it('an administrator runs the same line', async () => {
      expect(await runAs('root', 'show statistics')).toEqual({ status: 200, message: '' });
    });
  });
});
