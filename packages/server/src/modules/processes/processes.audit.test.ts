import { Process } from '@geoportal/contract/processes';
import { AuditList } from '@geoportal/contract/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, createAccount, signIn, withToken } from '../../test/access-helpers.js';
import { until } from '../../test/process-helpers.js';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app.js';

/** Fast polling, so jobs start and fail within milliseconds. */
const fastWorker = {
  PROCESS_POLL_INTERVAL: '20ms',
  PROCESS_RETRY_DELAY: '10ms',
  PROCESS_CONCURRENCY: '2',
};

describe.each(testDatabases)('audit of process control on $name', (database) => {
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
  });
  afterAll(async () => {
    await t.close();
  });

  const api = (...args: Parameters<ReturnType<typeof apiCaller>>) => apiCaller(t.app)(...args);
  const chief = () => withToken(tokens.chief as string);
  /** The audit entries of one target, oldest first, read through the API. */
  const auditOf = async (target: string) => {
    const res = await api('GET', `/audit?target=${encodeURIComponent(target)}&rows=100`, chief());
    expect(res.statusCode, res.body).toBe(200);
    return AuditList.parse(res.json()).docs.reverse();
  };
  const auditCount = async () =>
    AuditList.parse((await api('GET', '/audit', chief())).json()).numFound;
  const waitFor = async (id: string, check: (p: Process) => boolean, what: string) =>
    until(
      async () => check(Process.parse((await api('GET', `/processes/${id}`, chief())).json())),
      what,
      20_000,
    );

  it('audits starting, canceling and retrying a job with its kind and state change', async () => {
    const started = await api('POST', '/processes', chief(), {
      kind: 'system.selftest',
      params: { steps: 400, stepMs: 25 },
    });
    expect(started.statusCode, started.body).toBe(202);
    const job = Process.parse(started.json());
    expect((await api('POST', `/processes/${job.id}/cancel`, chief())).statusCode).toBe(202);
    await waitFor(job.id, (p) => p.state === 'canceled', 'the cancel');
    expect((await api('POST', `/processes/${job.id}/retry`, chief())).statusCode).toBe(202);

    const entries = await auditOf(job.id);
    expect(entries.map((e) => e.action)).toEqual([
      'process.start',
      'process.cancel',
      'process.retry',
    ]);
    for (const entry of entries) {
      expect(entry).toMatchObject({ actor: 'chief', targetKind: 'process', target: job.id });
      expect(entry.requestId).not.toBe('');
    }
    expect(entries[0]?.details).toEqual({
      kind: 'system.selftest',
      params: { steps: 400, stepMs: 25, logLines: 0, failTries: 0 },
    });
    // Canceled while queued it ends at once; while running it is asked to stop.
    expect(entries[1]?.details).toMatchObject({
      kind: 'system.selftest',
      state: { before: expect.stringMatching(/^(queued|running)$/) },
    });
    expect(entries[2]?.details).toEqual({
      kind: 'system.selftest',
      state: { before: 'canceled', after: 'queued' },
    });
    await api('POST', `/processes/${job.id}/cancel`, chief());
  });

  it('audits creating, changing and deleting a schedule with before and after', async () => {
    const created = await api('POST', '/processes/schedules', chief(), {
      kind: 'system.selftest',
      params: { steps: 1 },
      cron: '0 4 * * 0',
      enabled: false,
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json() as { id: string };
    const changed = await api('PUT', `/processes/schedules/${id}`, chief(), {
      kind: 'system.selftest',
      params: { steps: 1 },
      cron: '0 5 * * 0',
      enabled: false,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await api('DELETE', `/processes/schedules/${id}`, chief())).statusCode).toBe(204);

    const entries = await auditOf(id);
    expect(entries.map((e) => [e.action, e.actor, e.targetKind])).toEqual([
      ['schedule.create', 'chief', 'schedule'],
      ['schedule.update', 'chief', 'schedule'],
      ['schedule.delete', 'chief', 'schedule'],
    ]);
    expect(entries[0]?.details).toMatchObject({
      kind: 'system.selftest',
      cron: '0 4 * * 0',
      enabled: false,
    });
    expect(entries[1]?.details).toEqual({ cron: { before: '0 4 * * 0', after: '0 5 * * 0' } });
    expect(entries[2]?.details).toMatchObject({ kind: 'system.selftest', cron: '0 5 * * 0' });
  });

  it('writes no entry for a refused change', async () => {
    const before = await auditCount();
    const ed = withToken(tokens.ed as string);
    const refused = [
      await api('POST', '/processes', ed, { kind: 'system.selftest', params: {} }),
      await api('POST', '/processes', chief(), { kind: 'nope', params: {} }),
      await api('POST', '/processes/schedules', ed, { kind: 'files.fixity', cron: '0 4 * * 0' }),
      await api('POST', '/processes/schedules', chief(), {
        kind: 'files.fixity',
        cron: 'every tuesday',
      }),
      await api('PUT', '/processes/schedules/missing', chief(), {
        kind: 'files.fixity',
        cron: '0 4 * * 0',
      }),
      await api('DELETE', '/processes/schedules/missing', chief()),
      await api('DELETE', '/processes/schedules/purge-daily', ed),
      await api('POST', '/processes/missing/cancel', chief()),
      await api('POST', '/processes/missing/retry', chief()),
    ];
    expect(refused.map((r) => r.statusCode)).toEqual([403, 400, 403, 400, 404, 404, 403, 404, 404]);

    const done = Process.parse(
      (
        await api('POST', '/processes', chief(), {
          kind: 'system.selftest',
          params: { steps: 0, stepMs: 0 },
        })
      ).json(),
    );
    await waitFor(done.id, (p) => p.state === 'succeeded', 'the job to succeed');
    const afterStart = await auditCount();
    expect(afterStart).toBe(before + 1);
    expect((await api('POST', `/processes/${done.id}/cancel`, chief())).statusCode).toBe(409);
    expect((await api('POST', `/processes/${done.id}/retry`, chief())).statusCode).toBe(409);
    expect(await auditCount()).toBe(afterStart);
  });
});
