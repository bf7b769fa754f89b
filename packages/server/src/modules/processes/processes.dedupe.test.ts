import { randomUUID } from 'node:crypto';
import { ErrorBody } from '@geoportal/contract/errors';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiCaller, createAccount, signIn, withToken } from '../../test/access-helpers.js';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app.js';
import { authOfAccount } from '../access/access.service.js';
import { type ProcessChangeContext, queueProcess, queueSystemJob } from './process.service.js';

/**
 * Work that must not wait or run twice carries a `dedupe_key`, unique among the queued and
 * running jobs (migration 0025): queuing it while a job holds the key answers that job. The
 * unique index decides, not a look beforehand, so calls racing each other (statements
 * interleaved on the embedded database's one connection, separate connections on PostgreSQL)
 * still queue one job. No worker runs here: the tests move the jobs' states themselves.
 */
describe.each(testDatabases)('one job per dedupe key on $name', (database) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(database, { PROCESS_WORKER: 'false' });
    await createAccount(t.app, 'boss', 'boss password 1', { role: 'administrator' });
    token = await signIn(t.app, 'boss', 'boss password 1');
  });
  afterAll(async () => {
    await t.close();
  });
  // Each test starts without unfinished jobs, so keys are free.
  beforeEach(async () => {
    await t.app.db
      .updateTable('process_job')
      .set({ state: 'canceled', finished_at: t.app.clock() })
      .where('state', 'in', ['queued', 'running'])
      .execute();
  });

  const jobsOf = (key: string) =>
    t.app.db
      .selectFrom('process_job')
      .select(['id', 'state', 'started_by'])
      .where('dedupe_key', '=', key)
      .orderBy('queued_at')
      .execute();
  const finish = (id: string, state: 'succeeded' | 'failed' | 'canceled') =>
    t.app.db
      .updateTable('process_job')
      .set({ state, finished_at: t.app.clock() })
      .where('id', '=', id)
      .execute();
  const changeContext = async (): Promise<ProcessChangeContext> => ({
    db: t.app.db,
    now: t.app.clock(),
    auth: await authOfAccount(t.app.db, 'boss'),
    requestId: `test-${randomUUID()}`,
    jobKinds: t.app.jobKinds,
  });

  it('queues one system job for calls at the same moment, and a new one once it ended', async () => {
    const queue = () => queueSystemJob(t.app.db, t.app.jobKinds, 'search.reindex', t.app.clock());
    const answers = await Promise.all([queue(), queue(), queue(), queue()]);
    const rows = await jobsOf('system:search.reindex').then((all) =>
      all.filter((r) => r.state === 'queued'),
    );
    expect(rows).toHaveLength(1);
    const first = rows[0]?.id;
    expect(answers.map((a) => a.process.id)).toEqual([first, first, first, first]);
    expect(answers.filter((a) => a.created)).toHaveLength(1);
    expect(answers[0]?.process).toMatchObject({ kind: 'search.reindex', startedBy: null });

    // Running, the job still holds its key.
    await t.app.db
      .updateTable('process_job')
      .set({ state: 'running' })
      .where('id', '=', first as string)
      .execute();
    expect(await queue()).toMatchObject({ created: false, process: { id: first } });

    // Once it ended, the next call queues a new job; the old one stays as it was.
    await finish(first as string, 'succeeded');
    const again = await queue();
    expect(again.created).toBe(true);
    expect(again.process.id).not.toBe(first);
    expect((await jobsOf('system:search.reindex')).slice(-2)).toEqual([
      expect.objectContaining({ id: first, state: 'succeeded' }),
      expect.objectContaining({ id: again.process.id, state: 'queued' }),
    ]);
  });

  it('starts one process for a dedupe key, audited once, and answers it to the others', async () => {
    const key = `harvest:${randomUUID()}`;
    const start = async () =>
      queueProcess(await changeContext(), {
        kind: 'system.selftest',
        params: { steps: 1 },
        dedupeKey: key,
      });
    const answers = await Promise.all([start(), start(), start()]);
    const rows = await jobsOf(key);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ state: 'queued', started_by: 'boss' });
    expect(answers.map((a) => a.process.id)).toEqual(Array(3).fill(rows[0]?.id));
    expect(answers.map((a) => a.created).sort()).toEqual([false, false, true]);
    const audit = await t.app.db
      .selectFrom('audit_entry')
      .select('action')
      .where('target', '=', rows[0]?.id as string)
      .execute();
    expect(audit).toEqual([{ action: 'process.start' }]);

    // Jobs without a key are never held back; another key is other work.
    const plain = await Promise.all(
      [1, 2].map(async () =>
        queueProcess(await changeContext(), { kind: 'system.selftest', params: {} }),
      ),
    );
    expect(new Set(plain.map((a) => a.process.id)).size).toBe(2);
    expect(plain.every((a) => a.created)).toBe(true);
    const other = await queueProcess(await changeContext(), {
      kind: 'system.selftest',
      params: {},
      dedupeKey: `${key}-other`,
    });
    expect(other.created).toBe(true);
  });

  it('refuses a second queued or running job with the same key in the database itself', async () => {
    const key = `harvest:${randomUUID()}`;
    const row = (state: 'queued' | 'running' | 'failed') => ({
      id: randomUUID(),
      kind: 'system.selftest',
      params: JSON.stringify({}),
      state,
      max_tries: 1,
      started_by: null,
      queued_at: t.app.clock(),
      run_after: t.app.clock(),
      dedupe_key: key,
    });
    await t.app.db.insertInto('process_job').values(row('running')).execute();
    await expect(
      t.app.db.insertInto('process_job').values(row('queued')).execute(),
    ).rejects.toMatchObject({ code: '23505' });
    // Finished jobs keep their key without holding it.
    await t.app.db
      .insertInto('process_job')
      .values([row('failed'), row('failed')])
      .execute();
    expect(await jobsOf(key)).toHaveLength(3);
  });

  it('retries a job only while no other job holds its key', async () => {
    const key = `harvest:${randomUUID()}`;
    const start = async () =>
      queueProcess(await changeContext(), {
        kind: 'system.selftest',
        params: {},
        dedupeKey: key,
      });
    const failed = (await start()).process.id;
    await finish(failed, 'failed');
    const holder = (await start()).process.id;
    const retry = () => apiCaller(t.app)('POST', `/processes/${failed}/retry`, withToken(token));

    const refused = await retry();
    expect(refused.statusCode).toBe(409);
    expect(ErrorBody.parse(refused.json())).toMatchObject({
      code: 'process.not_retryable',
      message: expect.stringContaining('Another process of the same work'),
    });
    await finish(holder, 'succeeded');
    const retried = await retry();
    expect(retried.statusCode, retried.body).toBe(202);
    expect(retried.json()).toMatchObject({ id: failed, state: 'queued' });
  });
});
