import { Process } from '@geoportal/contract/processes';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionLine } from '../../db/database.js';
import { apiCaller, createAccount, signIn, withToken } from '../../test/access-helpers.js';
import { until } from '../../test/process-helpers.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * On the embedded database's one connection, an administrator reading a job goes ahead of
 * the statements already waiting (searches, a running job's batches), its authentication
 * included: the progress on screen keeps moving while the catalogue is busy
 * (processes.plugin.ts). PGlite only: on PostgreSQL every statement has its own connection.
 */
describe('reading a process on the embedded database', () => {
  let t: TestApp;
  let token: string;
  let jobId: string;
  beforeAll(async () => {
    t = await createTestApp({ name: 'pglite' }, { PROCESS_WORKER: 'false' });
    await createAccount(t.app, 'boss', 'boss password 1', { role: 'administrator' });
    token = await signIn(t.app, 'boss', 'boss password 1');
    const started = await apiCaller(t.app)('POST', '/processes', withToken(token), {
      kind: 'system.selftest',
      params: {},
    });
    expect(started.statusCode, started.body).toBe(202);
    jobId = Process.parse(started.json()).id;
  });
  afterAll(async () => {
    await t.close();
  });

  /**
   * Runs `request` while a transaction holds the connection and five statements wait for it;
   * answers how many of those finished before the request did. The transaction lets go only
   * once the request's first statement waits for the connection too (a busy machine is slow
   * to get there).
   */
  async function waitingServedBefore(request: () => Promise<{ statusCode: number }>) {
    const finished: string[] = [];
    let letGo = () => {};
    const gate = new Promise<void>((resolve) => {
      letGo = resolve;
    });
    let holds = () => {};
    const holding = new Promise<void>((resolve) => {
      holds = resolve;
    });
    const transaction = t.app.db.transaction().execute(async (trx) => {
      await sql`select 1`.execute(trx);
      holds();
      await gate;
    });
    await holding;
    const waiting = [1, 2, 3, 4, 5].map((i) =>
      sql`select pg_sleep(0.02)`.execute(t.app.db).then(() => {
        finished.push(`waiting ${i}`);
      }),
    );
    const answered = request().then((res) => {
      expect(res.statusCode).toBe(200);
      finished.push('request');
    });
    await until(
      async () => {
        const line = connectionLine(t.app.db);
        return (line?.urgent ?? 0) + (line?.normal ?? 0) === waiting.length + 1;
      },
      'the request to wait for the connection',
      20_000,
    );
    letGo();
    await Promise.all([transaction, ...waiting, answered]);
    return finished.indexOf('request');
  }

  it('answers a job, its log and the list ahead of the waiting statements', async () => {
    const api = apiCaller(t.app);
    for (const path of [`/processes/${jobId}`, `/processes/${jobId}/log`, '/processes']) {
      expect(await waitingServedBefore(() => api('GET', path, withToken(token))), path).toBe(0);
    }
  });

  it('leaves other requests of an administrator in line', async () => {
    const api = apiCaller(t.app);
    expect(await waitingServedBefore(() => api('GET', '/users', withToken(token)))).toBe(5);
  });
});
