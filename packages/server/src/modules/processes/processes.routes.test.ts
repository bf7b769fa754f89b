import { createHash } from 'node:crypto';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ErrorBody } from '@geoportal/contract/errors';
import { Process, ProcessList, ProcessLog, ScheduleList } from '@geoportal/contract/processes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, createAccount, signIn, withToken } from '../../test/access-helpers.js';
import { until } from '../../test/process-helpers.js';
import { completeMetadata } from '../../test/record-fixtures.js';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app.js';
import { insertSession } from '../access/access.repository.js';
import { ensureBlobRow } from '../files/file.repository.js';
import { storeFile } from '../files/files.test-helpers.js';
import { corruptPng, pngImage } from '../preview/preview.test-helpers.js';
import { insertJob } from './process.repository.js';

/** Fast polling, so jobs start and retry within milliseconds in tests. */
const fastWorker = {
  PROCESS_POLL_INTERVAL: '20ms',
  PROCESS_RETRY_DELAY: '10ms',
  PROCESS_CONCURRENCY: '2',
};

describe.each(testDatabases)('processes on $name', (database) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp(database, fastWorker);
    for (const [name, role] of [
      ['boss', 'administrator'],
      ['ed', 'editor'],
    ] as const) {
      await createAccount(t.app, name, `${name} password 1`, { role });
      tokens[name] = await signIn(t.app, name, `${name} password 1`);
    }
  });
  afterAll(async () => {
    await t.close();
  });

  const api = (...args: Parameters<ReturnType<typeof apiCaller>>) => apiCaller(t.app)(...args);
  const boss = () => withToken(tokens.boss as string);
  const start = async (kind: string, params: object = {}) => {
    const res = await api('POST', '/processes', boss(), { kind, params });
    expect(res.statusCode, res.body).toBe(202);
    return Process.parse(res.json());
  };
  const get = async (id: string) =>
    Process.parse((await api('GET', `/processes/${id}`, boss())).json());
  const waitFor = async (id: string, check: (p: Process) => boolean, what: string) => {
    let last: Process | undefined;
    await until(
      async () => {
        last = await get(id);
        return check(last);
      },
      what,
      20_000,
    );
    return last as Process;
  };
  const readWholeLog = async (id: string) => {
    const lines: ProcessLog['items'] = [];
    let after = 0;
    for (;;) {
      const page = ProcessLog.parse(
        (await api('GET', `/processes/${id}/log?after=${after}&rows=2000`, boss())).json(),
      );
      lines.push(...page.items);
      if (page.items.length === 0) return lines;
      after = page.next;
    }
  };

  it('answers 401 to visitors and 403 to non-administrators on every endpoint', async () => {
    const endpoints: [Parameters<typeof api>[0], string, object?][] = [
      ['GET', '/processes'],
      ['POST', '/processes', { kind: 'system.selftest', params: {} }],
      ['GET', '/processes/x'],
      ['GET', '/processes/x/log'],
      ['POST', '/processes/x/cancel'],
      ['POST', '/processes/x/retry'],
      ['GET', '/processes/events'],
      ['GET', '/processes/schedules'],
      ['POST', '/processes/schedules', { kind: 'files.fixity', cron: '0 4 * * 0' }],
      ['PUT', '/processes/schedules/x', { kind: 'files.fixity', cron: '0 4 * * 0' }],
      ['DELETE', '/processes/schedules/x'],
    ];
    for (const [method, url, body] of endpoints) {
      const anonymous = await api(method, url, {}, body);
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      expect(ErrorBody.parse(anonymous.json()).code).toBe('auth.required');
      const editor = await api(method, url, withToken(tokens.ed as string), body);
      expect(editor.statusCode, `${method} ${url}`).toBe(403);
      expect(ErrorBody.parse(editor.json()).code).toBe('auth.forbidden');
    }
  });

  it('refuses unknown kinds and bad parameters with 400 and stores nothing', async () => {
    const before = ProcessList.parse((await api('GET', '/processes', boss())).json()).total;
    const unknown = await api('POST', '/processes', boss(), { kind: 'nope', params: {} });
    expect(unknown.statusCode).toBe(400);
    expect(ErrorBody.parse(unknown.json()).code).toBe('process.unknown_kind');
    const bad = await api('POST', '/processes', boss(), {
      kind: 'system.selftest',
      params: { steps: -1, extra: true },
    });
    expect(bad.statusCode).toBe(400);
    const body = ErrorBody.parse(bad.json());
    expect(body.code).toBe('request.validation');
    expect(body.fields?.map((f) => f.path)).toContain('body.params.steps');
    const after = ProcessList.parse((await api('GET', '/processes', boss())).json()).total;
    expect(after).toBe(before);
  });

  it('runs a job to the end with progress, counters and a readable log', async () => {
    const job = await start('system.selftest', { steps: 5, stepMs: 5 });
    expect(job.state).toBe('queued');
    expect(job.startedBy).toBe('boss');
    const done = await waitFor(job.id, (p) => p.state === 'succeeded', 'the job to succeed');
    expect(done).toMatchObject({ progress: 100, done: 5, total: 5, tries: 1, maxTries: 3 });
    expect(done.startedAt).not.toBeNull();
    expect(done.finishedAt).not.toBeNull();
    const log = ProcessLog.parse((await api('GET', `/processes/${job.id}/log`, boss())).json());
    expect(log.finished).toBe(true);
    expect(log.items[0]?.text).toMatch(/^Started \(try 1 of 3\)/);
    const rest = ProcessLog.parse(
      (await api('GET', `/processes/${job.id}/log?after=${log.items[0]?.seq}`, boss())).json(),
    );
    expect(rest.items.length).toBe(log.items.length - 1);
    const listed = ProcessList.parse(
      (await api('GET', '/processes?state=succeeded&kind=system.selftest', boss())).json(),
    );
    expect(listed.items.map((p) => p.id)).toContain(job.id);
    expect(listed.items.every((p) => p.state === 'succeeded')).toBe(true);
  });

  it('cancels a running job at its next checkpoint, and a queued one at once', async () => {
    const job = await start('system.selftest', { steps: 400, stepMs: 25 });
    await waitFor(job.id, (p) => p.state === 'running' && (p.done ?? 0) >= 2, 'the job to run');
    const asked = await api('POST', `/processes/${job.id}/cancel`, boss());
    expect(asked.statusCode).toBe(202);
    expect(Process.parse(asked.json()).cancelRequested).toBe(true);
    const canceled = await waitFor(job.id, (p) => p.state === 'canceled', 'the cancel');
    expect(canceled.done).toBeLessThan(400);
    expect((await readWholeLog(job.id)).at(-1)?.text).toBe('Canceled at a checkpoint');
    const again = await api('POST', `/processes/${job.id}/cancel`, boss());
    expect(again.statusCode).toBe(409);
    expect(ErrorBody.parse(again.json()).code).toBe('process.not_cancelable');
  });

  it('tries a failing job up to its maximum, and retry queues it again with fresh tries', async () => {
    const flaky = await start('system.selftest', { steps: 1, stepMs: 0, failTries: 1 });
    const recovered = await waitFor(flaky.id, (p) => p.state === 'succeeded', 'the second try');
    expect(recovered.tries).toBe(2);
    const broken = await start('system.selftest', { steps: 1, stepMs: 0, failTries: 5 });
    const failed = await waitFor(broken.id, (p) => p.state === 'failed', 'the last try');
    expect(failed.tries).toBe(3);
    expect(failed.error).toBe('Failing try 3 on purpose');
    const log = await readWholeLog(broken.id);
    expect(log.filter((l) => l.level === 'error')).toHaveLength(3);
    const retried = await api('POST', `/processes/${broken.id}/retry`, boss());
    expect(retried.statusCode).toBe(202);
    expect(Process.parse(retried.json())).toMatchObject({ state: 'queued', tries: 0 });
    await waitFor(broken.id, (p) => p.state === 'failed', 'the retried tries');
    const notAgain = await api('POST', `/processes/${recovered.id}/retry`, boss());
    expect(notAgain.statusCode).toBe(409);
    expect(ErrorBody.parse(notAgain.json()).code).toBe('process.not_retryable');
    expect((await api('POST', '/processes/missing/retry', boss())).statusCode).toBe(404);
  });

  it('keeps the last 10,000 log lines of a job', async () => {
    const job = await start('system.selftest', { steps: 0, stepMs: 0, logLines: 10_050 });
    const done = await waitFor(job.id, (p) => p.state === 'succeeded', 'the chatty job');
    expect(done.logLines).toBe(10_052);
    const log = await readWholeLog(job.id);
    expect(log).toHaveLength(10_000);
    expect(log[0]?.seq).toBe(53);
    expect(log.at(-1)?.text).toBe('0 steps done');
  });

  /**
   * Opens `/processes/events` with `headers` over a real connection and reads up to the
   * stream's first line, which comes once it reads changes from a known point (its first
   * poll): a job queued after that line is seen from its start to its end.
   */
  async function openEvents(headers: Record<string, string>) {
    // The app listens once, for the first stream.
    const bound = t.app.server.address();
    const address =
      bound && typeof bound === 'object'
        ? `http://127.0.0.1:${bound.port}`
        : await t.app.listen({ port: 0, host: '127.0.0.1' });
    const controller = new AbortController();
    const res = await fetch(`${address}/api/v1/processes/events`, {
      headers,
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let first = '';
    while (!first.includes('retry: 3000\n\n')) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`the stream ended before its first line: ${first}`);
      first += decoder.decode(value, { stream: true });
    }
    return { reader, decoder, controller };
  }

  it('streams changes of jobs as Server-Sent Events', async () => {
    const { reader, decoder, controller } = await openEvents(boss());
    let text = '';
    const job = await start('system.selftest', { steps: 2, stepMs: 5 });
    const states = new Set<string>();
    while (!states.has('succeeded')) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
      for (const block of text.split('\n\n')) {
        const data = block.split('\n').find((l) => l.startsWith('data: '));
        if (!block.startsWith('event: process') || !data) continue;
        const event = Process.parse(JSON.parse(data.slice(6)));
        if (event.id === job.id) states.add(event.state);
      }
    }
    controller.abort();
    expect(states.has('succeeded')).toBe(true);
  });

  it('closes the stream of a session that ends: no event reaches a disabled administrator', async () => {
    await createAccount(t.app, 'ada', 'ada password 1', { role: 'administrator' });
    const ada = await signIn(t.app, 'ada', 'ada password 1');
    const { reader, decoder, controller } = await openEvents(withToken(ada));
    let text = '';
    const disabled = await api('PUT', '/users/ada/disabled', boss(), true);
    expect(disabled.statusCode, disabled.body).toBe(200);
    // A job with a command line in its parameters: its events must not reach ada.
    const job = await start('system.selftest', { steps: 1, stepMs: 1 });
    await waitFor(job.id, (p) => p.state === 'succeeded', 'the job after the disabling');
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    controller.abort();
    expect(text).not.toContain(job.id);
    expect(text).not.toContain('event: process');
  });

  it('has the default schedules, checks cron expressions, and fires a due schedule', async () => {
    const list = ScheduleList.parse((await api('GET', '/processes/schedules', boss())).json());
    expect(list.items.map((s) => [s.id, s.kind, s.cron])).toEqual(
      expect.arrayContaining([
        ['purge-daily', 'maintenance.purge', '30 3 * * *'],
        ['fixity-weekly', 'files.fixity', '0 4 * * 0'],
        ['links-weekly', 'links.check', '0 5 * * 0'],
      ]),
    );
    expect(list.items.every((s) => s.nextRunAt !== null)).toBe(true);
    const badCron = await api('POST', '/processes/schedules', boss(), {
      kind: 'files.fixity',
      cron: 'every tuesday',
    });
    expect(badCron.statusCode).toBe(400);
    expect(ErrorBody.parse(badCron.json()).code).toBe('process.cron_invalid');
    const badKind = await api('POST', '/processes/schedules', boss(), {
      kind: 'nope',
      cron: '0 4 * * 0',
    });
    expect(ErrorBody.parse(badKind.json()).code).toBe('process.unknown_kind');

    const created = await api('POST', '/processes/schedules', boss(), {
      kind: 'system.selftest',
      params: { steps: 0 },
      cron: '* * * * * *',
    });
    expect(created.statusCode, created.body).toBe(201);
    const schedule = created.json() as { id: string };
    await until(
      async () =>
        ProcessList.parse(
          (await api('GET', '/processes?kind=system.selftest&rows=100', boss())).json(),
        ).items.some((p) => p.scheduleId === schedule.id && p.state === 'succeeded'),
      'the schedule to fire',
      10_000,
    );
    const paused = await api('PUT', `/processes/schedules/${schedule.id}`, boss(), {
      kind: 'system.selftest',
      params: { steps: 0 },
      cron: '* * * * * *',
      enabled: false,
    });
    expect(paused.json()).toMatchObject({ enabled: false });
    expect((await api('DELETE', `/processes/schedules/${schedule.id}`, boss())).statusCode).toBe(
      204,
    );
    expect((await api('DELETE', `/processes/schedules/${schedule.id}`, boss())).statusCode).toBe(
      404,
    );
  });

  it('finds a flipped byte and a deleted blob in the fixity check', async () => {
    const root = t.app.blobStore.root;
    const blobs = ['intact bytes', 'bytes to flip', 'bytes to delete'].map((text) => {
      const bytes = Buffer.from(text);
      return { bytes, sha256: createHash('sha256').update(bytes).digest('hex') };
    });
    for (const blob of blobs) {
      const file = t.app.blobStore.blobPath(blob.sha256);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, blob.bytes);
      await ensureBlobRow(t.app.db, {
        sha256: blob.sha256,
        size: blob.bytes.length,
        media_type: 'text/plain',
        created_at: new Date(),
      });
    }
    const [, flipped, deleted] = blobs as [(typeof blobs)[0], (typeof blobs)[0], (typeof blobs)[0]];
    const changed = Buffer.from(flipped.bytes);
    changed[3] = (changed[3] as number) ^ 0x01;
    await writeFile(t.app.blobStore.blobPath(flipped.sha256), changed);
    await rm(t.app.blobStore.blobPath(deleted.sha256));
    expect(root).toBeTruthy();

    const job = await start('files.fixity');
    const done = await waitFor(job.id, (p) => p.state === 'succeeded', 'the fixity check');
    expect(done.result).toMatchObject({ checked: 3 });
    const problems = (done.result?.problems ?? []) as { sha256: string; problem: string }[];
    expect(problems.map((p) => [p.sha256, p.problem]).sort()).toEqual(
      [
        [flipped.sha256, 'mismatch'],
        [deleted.sha256, 'missing'],
      ].sort(),
    );
    expect(done.message).toBe('3 files checked: 1 changed, 1 missing');
    const errors = (await readWholeLog(job.id)).filter((l) => l.level === 'error');
    expect(errors.map((l) => l.text).join('\n')).toContain(deleted.sha256);
  });

  it('reindexes the search index as a process', async () => {
    const job = await start('search.reindex');
    const done = await waitFor(job.id, (p) => p.state === 'succeeded', 'the reindex');
    expect(done.progress).toBe(100);
    expect(done.result).toMatchObject({ indexed: expect.any(Number) });
  });

  it('purges expired sessions and old finished jobs, and nothing else', async () => {
    const db = t.app.db;
    const now = Date.now();
    const accountId = (
      await db.selectFrom('account').select('id').where('name', '=', 'ed').executeTakeFirstOrThrow()
    ).id;
    const session = (id: string, lastSeenHoursAgo: number, expiresInHours: number) =>
      insertSession(db, {
        id_hash: id,
        account_id: accountId,
        created_at: new Date(now - 20 * 3600_000),
        last_seen_at: new Date(now - lastSeenHoursAgo * 3600_000),
        expires_at: new Date(now + expiresInHours * 3600_000),
        address: '127.0.0.1',
        user_agent: 'test',
      });
    await session('idle-too-long', 3, 5);
    await session('past-absolute-end', 0, -1);
    await session('still-fresh', 0.1, 5);
    // A finished job older than the retention, and a recent one.
    const old = await start('system.selftest', { steps: 0 });
    await waitFor(old.id, (p) => p.state === 'succeeded', 'the old job');
    await db
      .updateTable('process_job')
      .set({ finished_at: new Date(now - 31 * 86400_000) })
      .where('id', '=', old.id)
      .execute();
    const sessionsBefore = await db.selectFrom('session').select('id_hash').execute();
    const accountsBefore = await db.selectFrom('account').select('id').execute();

    const job = await start('maintenance.purge');
    const done = await waitFor(job.id, (p) => p.state === 'succeeded', 'the purge');
    expect(done.result).toMatchObject({ sessions: 2, processes: 1 });
    const left = (await db.selectFrom('session').select('id_hash').execute()).map((r) => r.id_hash);
    expect(left).toContain('still-fresh');
    expect(left).not.toContain('idle-too-long');
    expect(left).not.toContain('past-absolute-end');
    expect(left).toHaveLength(sessionsBefore.length - 2);
    expect(await db.selectFrom('account').select('id').execute()).toHaveLength(
      accountsBefore.length,
    );
    // The signed-in administrator's own session survived: the API still answers.
    expect((await api('GET', `/processes/${job.id}`, boss())).statusCode).toBe(200);
    expect((await api('GET', `/processes/${old.id}`, boss())).statusCode).toBe(404);
    // The embedded database runs no autovacuum: the purge vacuums it; PostgreSQL's own does.
    const log = ProcessLog.parse((await api('GET', `/processes/${job.id}/log`, boss())).json());
    const vacuumed = log.items.some((line) => line.text.startsWith('Vacuumed'));
    expect(vacuumed).toBe(database.name === 'pglite');
  });

  it('fails a job whose process died on its last try, and queues one with tries left', async () => {
    const long = new Date(Date.now() - 10 * 60_000);
    const orphan = (id: string, tries: number) =>
      insertJob(t.app.db, {
        id,
        kind: 'system.selftest',
        params: JSON.stringify({ steps: 0 }),
        state: 'running',
        tries,
        max_tries: 3,
        started_by: 'boss',
        queued_at: long,
        run_after: long,
        started_at: long,
        lease_owner: 'a-process-that-died',
        heartbeat_at: long,
      });
    await orphan('orphan-last-try', 3);
    await orphan('orphan-with-tries', 1);
    const failed = await waitFor('orphan-last-try', (p) => p.state === 'failed', 'the recovery');
    expect(failed.error).toMatch(/stopped answering/);
    const finished = await waitFor(
      'orphan-with-tries',
      (p) => p.state === 'succeeded',
      'the rerun',
    );
    expect(finished.tries).toBe(2);
    expect(finished.worker).toBe(t.app.processes.worker.owner);
  });

  it('renders the previews of index files into the cache, and names the files without one', async () => {
    const record = async (title: string) => {
      const res = await api('POST', '/object', boss(), {
        metadata: completeMetadata({ title: { de: title } }),
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as string;
    };
    const pictured = await record('Mit Bild');
    const broken = await record('Kaputtes Bild');
    await storeFile(
      t.app,
      boss(),
      { id: pictured, bundle: 'data', path: 'map.png' },
      await pngImage(300, 200),
      {
        index: true,
      },
    );
    await storeFile(t.app, boss(), { id: broken, bundle: 'data', path: 'bad.png' }, corruptPng(), {
      index: true,
    });
    const job = await start('preview.rebuild');
    const done = await waitFor(job.id, (p) => p.state === 'succeeded', 'the preview rebuild');
    expect(done.result).toEqual({ files: 2, rendered: 3, unavailable: 1 });
    const cached = await readdir(path.join(t.config.dataDir, 'previews'));
    expect(cached.filter((name) => name.endsWith('.webp'))).toHaveLength(3);
    const warnings = (await readWholeLog(job.id)).filter((l) => l.level === 'warn');
    expect(warnings.map((l) => l.text).join('\n')).toContain(`${broken} bad.png`);
  });
});
