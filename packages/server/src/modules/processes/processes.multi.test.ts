import { Process, ProcessList } from '@geoportal/contract/processes';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import {
  apiCaller,
  createAccount,
  signIn,
  testClock,
  withToken,
} from '../../test/access-helpers.js';
import { until } from '../../test/process-helpers.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * Two app processes on one PostgreSQL database (DESIGN §3: nothing shared lives in process
 * memory): their workers take disjoint jobs, and a schedule fires once per due time.
 * PGlite is one process's database, so this runs only with `TEST_DATABASE_URL`. Both
 * processes read one test clock, which stands still unless a test moves it.
 */
const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('two app processes on one PostgreSQL database', () => {
  let first: TestApp;
  let second: FastifyInstance;
  let token: string;
  const env = { PROCESS_POLL_INTERVAL: '20ms', PROCESS_CONCURRENCY: '3' };
  const clock = testClock();
  beforeAll(async () => {
    first = await createTestApp({ name: 'postgres', url: url as string }, env, { clock });
    // The same configuration, so the same schema: a second process beside the first.
    second = await buildApp(first.config, { clock });
    await second.ready();
    await createAccount(first.app, 'boss', 'boss password 1', { role: 'administrator' });
    token = await signIn(first.app, 'boss', 'boss password 1');
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  const api =
    (app: FastifyInstance) => (method: 'GET' | 'POST' | 'DELETE', path: string, body?: object) =>
      apiCaller(app)(method, path, withToken(token), body);

  it('takes every job exactly once, spread over both workers', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 24; i += 1) {
      const app = i % 2 ? second : first.app;
      const res = await api(app)('POST', '/processes', {
        kind: 'system.selftest',
        params: { steps: 2, stepMs: 30 },
      });
      expect(res.statusCode).toBe(202);
      ids.push(Process.parse(res.json()).id);
    }
    let jobs: Process[] = [];
    await until(
      async () => {
        jobs = ProcessList.parse(
          (await api(first.app)('GET', '/processes?kind=system.selftest&rows=100')).json(),
        ).items.filter((p) => ids.includes(p.id));
        return jobs.length === ids.length && jobs.every((p) => p.state === 'succeeded');
      },
      'every job to finish',
      30_000,
    );
    // One try each: no job was taken twice.
    expect(jobs.every((p) => p.tries === 1)).toBe(true);
    const workers = new Set(jobs.map((p) => p.worker));
    expect(workers).toEqual(
      new Set([first.app.processes.worker.owner, second.processes.worker.owner]),
    );
    // Each job's log shows exactly one start.
    for (const id of ids.slice(0, 4)) {
      const log = (await api(first.app)('GET', `/processes/${id}/log`)).json() as {
        items: { text: string }[];
      };
      expect(log.items.filter((l) => l.text.startsWith('Started'))).toHaveLength(1);
    }
  });

  it('fires a schedule once per due time although both processes look', async () => {
    const created = await api(first.app)('POST', '/processes/schedules', {
      kind: 'system.selftest',
      params: { steps: 0 },
      cron: '* * * * * *',
    });
    expect(created.statusCode).toBe(201);
    const scheduleId = (created.json() as { id: string }).id;
    const jobsOfSchedule = () =>
      first.app.db
        .selectFrom('process_job')
        .select(['scheduled_for', 'state'])
        .where('schedule_id', '=', scheduleId)
        .execute();
    // Three due times, one after the other: at each, both workers (every 20 ms) look at the
    // due schedule until its job has run, and again until the clock moves on.
    const due: string[] = [];
    for (let n = 1; n <= 3; n += 1) {
      clock.advance(1);
      due.push(clock().toISOString());
      await until(
        async () => {
          const jobs = await jobsOfSchedule();
          return jobs.length >= n && jobs.every((job) => job.state === 'succeeded');
        },
        `the job of due time ${n}`,
        10_000,
      );
    }
    const rows = await jobsOfSchedule();
    const dueTimes = rows.map((r) => new Date(r.scheduled_for as Date).toISOString()).sort();
    // One job per due time, whichever process queued it.
    expect(dueTimes).toEqual(due);
    // Deleting the schedule keeps its past jobs (their schedule id is cleared).
    expect((await api(first.app)('DELETE', `/processes/schedules/${scheduleId}`)).statusCode).toBe(
      204,
    );
  });
});
