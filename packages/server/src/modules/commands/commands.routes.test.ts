import { existsSync } from 'node:fs';
import { utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  CommandCatalogue,
  CommandProcess,
  CommandResult,
  CommandUpload,
} from '@geoportal/contract/commands';
import { ErrorBody } from '@geoportal/contract/errors';
import { ObjectList, ObjectNormal } from '@geoportal/contract/object';
import { Process, ProcessLog } from '@geoportal/contract/processes';
import { AuditList } from '@geoportal/contract/users';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, createAccount, signIn, withToken } from '../../test/access-helpers.js';
import { until } from '../../test/process-helpers.js';
import { completeMetadata } from '../../test/record-fixtures.js';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app.js';
import { seededVocabularies } from '../../test/test-vocabularies.js';
import { writeIso19139 } from '../records/iso19139-writer.js';

/** Fast polling, so queued commands start within milliseconds. */
const fastWorker = { PROCESS_POLL_INTERVAL: '20ms', PROCESS_RETRY_DELAY: '10ms' };

describe.each(testDatabases)('the command console API on $name', (database) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp(database, fastWorker);
    for (const [name, role] of [
      ['chief', 'administrator'],
      ['ed', 'editor'],
    ] as const) {
      await createAccount(t.app, name, `${name} password 1`, { role });
      tokens[name] = await signIn(t.app, name, `${name} password 1`);
    }
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  const api = (...args: Parameters<ReturnType<typeof apiCaller>>) => apiCaller(t.app)(...args);
  const chief = (extra: Record<string, string> = {}) => ({
    ...withToken(tokens.chief as string),
    ...extra,
  });
  const run = (body: object) => api('POST', '/commands/run', chief(), body);
  const runOk = async (line: string) => {
    const res = await run({ line });
    expect(res.statusCode, res.body).toBe(200);
    return CommandResult.parse(res.json());
  };
  const queued = async (body: object) => {
    const res = await run(body);
    expect(res.statusCode, res.body).toBe(202);
    return CommandProcess.parse(res.json()).process;
  };
  const finished = async (id: string) => {
    let last: Process | undefined;
    await until(
      async () => {
        last = Process.parse((await api('GET', `/processes/${id}`, chief())).json());
        return last.state === 'succeeded' || last.state === 'failed';
      },
      `process ${id} to end`,
      30_000,
    );
    const log = ProcessLog.parse(
      (await api('GET', `/processes/${id}/log?rows=2000`, chief())).json(),
    );
    return { process: last as Process, lines: log.items.map((l) => `${l.level}: ${l.text}`) };
  };

  it('is for administrators only: 401 for visitors, 403 for an editor', async () => {
    for (const [method, url] of [
      ['GET', '/commands'],
      ['POST', '/commands/run'],
    ] as const) {
      const visitor = await api(method, url, {}, method === 'POST' ? { line: 'help' } : undefined);
      expect(visitor.statusCode).toBe(401);
      const editor = await api(
        method,
        url,
        withToken(tokens.ed as string),
        method === 'POST' ? { line: 'show statistics' } : undefined,
      );
      expect(editor.statusCode).toBe(403);
      expect(ErrorBody.parse(editor.json()).code).toBe('auth.forbidden');
    }
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/v1/commands/uploads',
      headers: { ...withToken(tokens.ed as string), 'content-type': 'application/zip' },
      payload: Buffer.from('PK'),
    });
    expect(upload.statusCode).toBe(403);
  });

  it('refuses a run from a browser whose CSRF header does not repeat the cookie', async () => {
    const res = await api('POST', '/commands/run', chief({ cookie: 'XSRF-TOKEN=abc' }), {
      line: 'show statistics',
    });
    expect(res.statusCode).toBe(403);
    expect(ErrorBody.parse(res.json()).code).toBe('csrf.invalid');
    const ok = await api(
      'POST',
      '/commands/run',
      chief({ cookie: 'XSRF-TOKEN=abc', 'x-xsrf-token': 'abc' }),
      { line: 'show statistics' },
    );
    expect(ok.statusCode).toBe(200);
  });

  it("lists the catalogue with syntax and help in the caller's language", async () => {
    const en = CommandCatalogue.parse((await api('GET', '/commands', chief())).json());
    const de = CommandCatalogue.parse(
      (await api('GET', '/commands', chief({ 'accept-language': 'de-DE,de;q=0.9' }))).json(),
    );
    const reindex = en.items.find((c) => c.name === 'reindex search');
    expect(reindex).toMatchObject({ syntax: 'reindex search', module: 'search', process: true });
    expect(de.items.find((c) => c.name === 'reindex search')?.help).toMatch(/Suchdokument/);
    expect(de.items.find((c) => c.name === 'set state of')?.arguments[0]?.hint).toMatch(/Kennung/);
  });

  it('answers a mismatch with 400, a stable code and the expected syntax', async () => {
    const res = await run({ line: 'set state of abcdefghij12 to gone' });
    expect(res.statusCode).toBe(400);
    const body = ErrorBody.parse(res.json());
    expect(body.code).toBe('command.argument_invalid');
    expect(body.message).toContain('Expected: set state of {id} to {state} [comment {text}]');
    // A bad line anywhere in a queue refuses the whole queue before anything runs.
    const queue = await run({ lines: ['show statistics', 'reindex serach'] });
    expect(queue.statusCode).toBe(400);
    expect(ErrorBody.parse(queue.json()).fields?.[0]?.path).toBe('body.lines.1');
    expect((await run({ line: 'x'.repeat(2001) })).statusCode).toBe(400);
  });

  it('runs a short command at once and answers its output', async () => {
    const result = await runOk('show statistics');
    expect(result).toMatchObject({ command: 'show statistics', ok: true });
    // chief, ed and the first administrator every database gets.
    expect(result.output.map((l) => l.text).join('\n')).toMatch(/Users: 3 \(3 enabled\)/);
  });

  it('clears the caches of this process and says what it cleared', async () => {
    await api('GET', '/content/en/legal');
    const result = await runOk('clear caches');
    const text = result.output.map((l) => l.text);
    expect(text).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Cleared file-URL signing key: [01] entries$/),
        expect.stringMatching(/^Cleared rendered static pages: \d+ entries$/),
      ]),
    );
  });

  it('creates a user through the users service: its rules, its audit entry, a one-time password', async () => {
    const created = await runOk('create user new.person');
    const password = created.output
      .map((l) => /^Temporary password: (\S+)$/.exec(l.text)?.[1])
      .find(Boolean) as string;
    expect(password).toHaveLength(16);
    // The user exists, must change the password, and can sign in with it.
    expect(await signIn(t.app, 'new.person', password)).toBeTruthy();
    const audit = AuditList.parse(
      (await api('GET', '/audit?target=new.person&rows=10', chief())).json(),
    );
    expect(audit.docs.map((d) => [d.action, d.actor])).toContainEqual(['user.create', 'chief']);
    // The service's own refusal, with its status and code.
    const again = await run({ line: 'create user new.person' });
    expect(again.statusCode).toBe(409);
    expect(ErrorBody.parse(again.json()).code).toBe('user.exists');
  });

  it('moves a record through the workflow with a comment, under the workflow rules', async () => {
    const created = await api('POST', '/object', withToken(tokens.ed as string), {
      type: 'dataset',
      metadata: completeMetadata(),
    });
    const id = ObjectNormal.parse(created.json()).id;
    expect((await runOk(`set state of ${id} to submitted`)).output[0]?.text).toMatch(
      new RegExp(`^Record ${id} is now submitted`),
    );
    const done = await runOk(`set state of ${id} to published comment "Checked by the console"`);
    expect(done.output[0]?.text).toMatch(new RegExp(`^Record ${id} is now published`));
    // The workflow's own refusals: no step from published to draft, a comment to return.
    const skip = await run({ line: `set state of ${id} to draft` });
    expect(skip.statusCode).toBe(409);
    expect(ErrorBody.parse(skip.json()).code).toBe('object.transition_not_allowed');
    await runOk(`set state of ${id} to withdrawn`);
    const back = await run({ line: `set state of ${id} to draft` });
    expect(back.statusCode).toBe(400);
    expect(ErrorBody.parse(back.json()).code).toBe('object.comment_required');
  });

  it('runs a process command as a command.run process whose log is the output', async () => {
    const process = await queued({ line: 'reindex search' });
    expect(process).toMatchObject({ kind: 'command.run', startedBy: 'chief' });
    const { process: end, lines } = await finished(process.id);
    expect(end.state).toBe('succeeded');
    expect(lines).toContain('info: > reindex search');
    expect(lines.some((l) => /records indexed/.test(l))).toBe(true);
  });

  it('runs a queue in order, stopping at a failure unless told to continue', async () => {
    const stop = await finished(
      (await queued({ lines: ['disable user nobody', 'show statistics'] })).id,
    );
    expect(stop.process.state).toBe('failed');
    expect(stop.lines.some((l) => l.startsWith('error: Failed: No user'))).toBe(true);
    expect(stop.lines).not.toContain('info: > show statistics');
    expect(stop.process.error).toMatch(/0 of 2 commands succeeded, 1 failed, 1 not run/);

    const go = await finished(
      (
        await queued({
          lines: ['disable user nobody', 'show statistics', 'clear caches'],
          continueOnFailure: true,
        })
      ).id,
    );
    expect(go.lines).toContain('info: > show statistics');
    expect(go.process.error).toMatch(/2 of 3 commands succeeded, 1 failed/);
  });

  it('refuses a queue with a command that shows a temporary password, before anything runs', async () => {
    // Its output would be a stored log, which leaves the password out: nobody would see it
    // and the user would be locked out.
    for (const secret of ['create user queued.person', 'reset password of ed']) {
      const res = await run({ lines: ['clear caches', secret] });
      expect(res.statusCode, secret).toBe(400);
      const body = ErrorBody.parse(res.json());
      expect(body.code).toBe('command.secret_in_queue');
      expect(body.message).toMatch(/run it on its own line/);
      expect(body.fields?.[0]?.path).toBe('body.lines.1');
    }
    const users = await t.app.db
      .selectFrom('account')
      .select('name')
      .where('name', '=', 'queued.person')
      .execute();
    expect(users).toEqual([]);
    // On its own line it runs at once and shows the password to the caller.
    const alone = await runOk('create user queued.person');
    expect(alone.output.map((l) => l.text).join('\n')).toMatch(/Temporary password: \S{12,}/);
  });

  it('imports a ZIP of ISO 19139 files as drafts and reports each file, a bad one not stopping the others', async () => {
    const file = (id: string, title: string) =>
      strToU8(
        writeIso19139(
          {
            id,
            type: 'dataset',
            modified: '2025-01-01T00:00:00Z',
            metadata: completeMetadata({ title: { en: title } }),
          },
          seededVocabularies,
        ),
      );
    const zip = zipSync({
      'records/a.xml': file('zip-import-a', 'Rivers from the ZIP'),
      'records/b.xml': strToU8('<not-closed>'),
      'records/c.xml': file('zip-import-c', 'Lakes from the ZIP'),
      'records/readme.txt': strToU8('not a record'),
    });
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/v1/commands/uploads',
      headers: chief({ 'content-type': 'application/zip' }),
      payload: Buffer.from(zip),
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const { upload: id } = CommandUpload.parse(upload.json());

    const { process, lines } = await finished(
      (await queued({ line: `import records from zip ${id}` })).id,
    );
    expect(lines.filter((l) => /records\/a\.xml: created draft /.test(l))).toHaveLength(1);
    expect(lines.filter((l) => /records\/c\.xml: created draft /.test(l))).toHaveLength(1);
    expect(lines.some((l) => /^error: records\/b\.xml: not imported/.test(l))).toBe(true);
    // One bad file fails the run (for scripts), after every file was tried.
    expect(process.state).toBe('failed');
    expect(lines).toContain(
      'error: Failed: 2 drafts created, 1 files not imported (command.failed)',
    );
    const mine = ObjectList.parse(
      (await api('GET', '/object?owner=me&state=draft&rows=50', chief())).json(),
    );
    const titles = mine.docs.map((d) => d.title.en);
    expect(titles).toEqual(expect.arrayContaining(['Rivers from the ZIP', 'Lakes from the ZIP']));

    const missing = await finished(
      (await queued({ line: 'import records from zip 0b7c1a5e-2f43-4d49-9d8a-6c1e2a7f0b11' })).id,
    );
    expect(missing.lines.some((l) => /no such upload/.test(l))).toBe(true);
  });

  it('keeps an upload for a day; purge expired deletes older ones', async () => {
    const send = async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/commands/uploads',
        headers: chief({ 'content-type': 'application/zip' }),
        payload: Buffer.from(zipSync({ 'a.txt': strToU8('a') })),
      });
      return CommandUpload.parse(res.json()).upload;
    };
    const [old, fresh] = [await send(), await send()];
    const file = (id: string) => path.join(t.config.dataDir, 'command-uploads', id);
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    await utimes(file(old), twoDaysAgo, twoDaysAgo);
    const { process, lines } = await finished((await queued({ line: 'purge expired' })).id);
    expect(process.state).toBe('succeeded');
    expect(lines).toContain('info: Deleted 1 command uploads older than a day');
    expect(existsSync(file(old))).toBe(false);
    expect(existsSync(file(fresh))).toBe(true);
  });

  it('never hands an argument to a shell: shell syntax stays literal text', async () => {
    const marker = path.join(tmpdir(), `geoportal-shell-${Date.now()}`);
    const created = await api('POST', '/object', withToken(tokens.ed as string), {
      type: 'dataset',
      metadata: completeMetadata(),
    });
    const id = ObjectNormal.parse(created.json()).id;
    const comment = `$(touch ${marker}); \`touch ${marker}\` && touch ${marker}`;
    await runOk(`set state of ${id} to submitted comment "${comment}"`);
    await runOk(`set state of ${id} to draft comment "${comment}"`);
    const bad = await run({ line: `create user "$(touch ${marker})"` });
    expect(bad.statusCode).toBe(400);
    expect(existsSync(marker)).toBe(false);
    const history = await api('GET', `/object/${id}`, {
      ...withToken(tokens.ed as string),
      accept: 'application/json; detail=detailed',
    });
    expect(history.body).toContain(JSON.stringify(comment).slice(1, -1));
  });
});
