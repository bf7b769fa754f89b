import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ObjectDetailed } from '@geoportal/contract/object';
import { Process, ProcessLog } from '@geoportal/contract/processes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, createAccount, signIn, withToken } from '../../test/access-helpers.js';
import { freePort, until } from '../../test/process-helpers.js';
import { completeMetadata } from '../../test/record-fixtures.js';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app.js';
import { ensureDefaultSchedules } from '../processes/process-schedules.js';

/**
 * The link check (`links.check`) against a web server of the test on loopback, which the
 * app may reach because GEO_PROXY_ALLOW_PRIVATE names it (as for the map proxy); every other
 * private, link-local or metadata address is refused by the same address rule.
 */

interface Upstream {
  server: Server;
  port: number;
  /** Methods and paths asked for, in order. */
  seen: string[];
}

async function startUpstream(): Promise<Upstream> {
  const seen: string[] = [];
  const server = createServer((req, res) => {
    const path = req.url ?? '/';
    seen.push(`${req.method} ${path}`);
    if (path === '/ok') return void res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    if (path === '/moved') return void res.writeHead(302, { location: '/ok' }).end();
    if (path === '/no-head') {
      // Refuses HEAD as some servers do; the check then asks with GET.
      if (req.method === 'HEAD') return void res.writeHead(405).end();
      return void res.writeHead(200, { 'content-type': 'text/plain' }).end('x'.repeat(100_000));
    }
    if (path.startsWith('/slow')) {
      const timer = setTimeout(() => res.writeHead(200).end(), 400);
      res.on('close', () => clearTimeout(timer));
      return;
    }
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not here');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, seen };
}

describe.each(testDatabases)('link check on $name', (database) => {
  let t: TestApp;
  let upstream: Upstream;
  let closedPort: number;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    upstream = await startUpstream();
    closedPort = await freePort();
    t = await createTestApp(database, {
      PROCESS_POLL_INTERVAL: '20ms',
      PROCESS_RETRY_DELAY: '10ms',
      GEO_PROXY_ALLOW_PRIVATE: `127.0.0.1:${upstream.port}, 127.0.0.1:${closedPort}`,
      GEO_PROXY_TIMEOUT: '2s',
    });
    for (const [name, role] of [
      ['boss', 'administrator'],
      ['ed', 'editor'],
      ['reader', undefined],
    ] as const) {
      await createAccount(t.app, name, `${name} password 1`, role ? { role } : {});
      tokens[name] = await signIn(t.app, name, `${name} password 1`);
    }
  }, 240_000);
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => upstream?.server.close(resolve));
  });

  const api = (...args: Parameters<ReturnType<typeof apiCaller>>) => apiCaller(t.app)(...args);
  const as = (who: string) => withToken(tokens[who] as string);
  const local = (path: string) => `http://127.0.0.1:${upstream.port}${path}`;

  async function publishedRecord(urls: string[]): Promise<string> {
    const created = await api('POST', '/object', as('ed'), {
      metadata: completeMetadata({
        onlineResources: urls.map((url) => ({ url, protocol: 'download' })),
      }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    for (const state of ['submitted', 'published']) {
      const res = await api('PUT', `/object/${id}/state`, as('ed'), { state });
      expect(res.statusCode, res.body).toBe(200);
    }
    return id;
  }
  async function runCheck(params: object) {
    const res = await api('POST', '/processes', as('boss'), { kind: 'links.check', params });
    expect(res.statusCode, res.body).toBe(202);
    return Process.parse(res.json());
  }
  async function waitFor(id: string, check: (p: Process) => boolean, what: string) {
    let last: Process | undefined;
    await until(
      async () => {
        last = Process.parse((await api('GET', `/processes/${id}`, as('boss'))).json());
        return check(last);
      },
      what,
      30_000,
    );
    return last as Process;
  }
  const detailed = async (id: string, who?: string) => {
    const accept = { accept: 'application/json; detail=detailed' };
    const res = await api('GET', `/object/${id}`, who ? { ...as(who), ...accept } : accept);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ObjectDetailed;
  };

  it('sorts links into ok, broken, unreachable and refused, and shows them to editors only', async () => {
    const id = await publishedRecord([
      local('/ok'),
      local('/moved'),
      local('/no-head'),
      local('/missing'),
      `http://127.0.0.1:${closedPort}/gone`,
      'http://169.254.169.254/latest/meta-data/',
      'http://10.20.30.40/intranet',
    ]);
    const job = await runCheck({ recordId: id });
    const done = await waitFor(
      job.id,
      (p) => p.state !== 'queued' && p.state !== 'running',
      'the check',
    );
    expect(done.state, done.error ?? '').toBe('succeeded');
    expect(done).toMatchObject({ done: 1, total: 1 });
    expect(done.result).toMatchObject({
      records: 1,
      links: 7,
      ok: 3,
      broken: 1,
      unreachable: 1,
      refused: 2,
    });
    // HEAD first; GET only where HEAD was refused.
    expect(upstream.seen).toEqual(
      expect.arrayContaining(['HEAD /ok', 'HEAD /no-head', 'GET /no-head', 'HEAD /missing']),
    );
    expect(upstream.seen).not.toContain('GET /ok');

    const status = new Map(((await detailed(id, 'ed')).linkStatus ?? []).map((s) => [s.url, s]));
    expect(status.size).toBe(7);
    expect(status.get(local('/ok'))).toMatchObject({ status: 'ok', httpStatus: 200 });
    expect(status.get(local('/moved'))).toMatchObject({ status: 'ok', httpStatus: 200 });
    expect(status.get(local('/no-head'))).toMatchObject({ status: 'ok', httpStatus: 200 });
    expect(status.get(local('/missing'))).toMatchObject({ status: 'broken', httpStatus: 404 });
    expect(status.get(`http://127.0.0.1:${closedPort}/gone`)).toMatchObject({
      status: 'unreachable',
      httpStatus: null,
    });
    const metadataService = status.get('http://169.254.169.254/latest/meta-data/');
    expect(metadataService).toMatchObject({ status: 'refused', httpStatus: null });
    expect(metadataService?.detail).toMatch(/linkLocal/);
    expect(status.get('http://10.20.30.40/intranet')).toMatchObject({ status: 'refused' });
    expect(upstream.seen.some((line) => line.includes('meta-data'))).toBe(false);
    const checkedAt = Date.parse(status.get(local('/ok'))?.checkedAt ?? '');
    expect(Math.abs(Date.now() - checkedAt)).toBeLessThan(60_000);

    // The findings are in the log, with a summary line.
    const log = ProcessLog.parse(
      (await api('GET', `/processes/${job.id}/log?rows=100`, as('boss'))).json(),
    );
    const text = log.items.map((line) => line.text).join('\n');
    expect(text).toContain(`Broken: ${local('/missing')} of record ${id} answered 404`);
    expect(text).toContain('Refused: http://169.254.169.254/latest/meta-data/');
    expect(text).toContain(
      '7 links of 1 records checked: 3 ok, 1 broken, 1 unreachable, 2 refused',
    );

    // An administrator sees it too; a visitor and a reader who may not edit see nothing.
    expect((await detailed(id, 'boss')).linkStatus).toHaveLength(7);
    expect(await detailed(id)).not.toHaveProperty('linkStatus');
    expect(await detailed(id, 'reader')).not.toHaveProperty('linkStatus');
    const normal = await api('GET', `/object/${id}`, as('ed'));
    expect(normal.json()).not.toHaveProperty('linkStatus');
  });

  it("replaces a record's statuses on the next check", async () => {
    const id = await publishedRecord([local('/missing'), local('/ok')]);
    let job = await runCheck({ recordId: id });
    await waitFor(job.id, (p) => p.state === 'succeeded', 'the first check');
    const current = await api('GET', `/object/${id}`, as('ed'));
    const record = current.json();
    // The detailed view sent back, status included, saves: the status is ignored.
    const saved = await api('PUT', '/object', as('ed'), {
      ...(await detailed(id, 'ed')),
      id,
      version: record.version,
      metadata: {
        ...record.metadata,
        onlineResources: [{ url: local('/ok'), protocol: 'download' }],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    job = await runCheck({ recordId: id });
    await waitFor(job.id, (p) => p.state === 'succeeded', 'the second check');
    const status = (await detailed(id, 'ed')).linkStatus ?? [];
    expect(status.map((s) => [s.url, s.status])).toEqual([[local('/ok'), 'ok']]);
  });

  it('stops at a checkpoint when canceled, storing nothing of the record it was in', async () => {
    const slow = Array.from({ length: 20 }, (_, i) => local(`/slow/${i}`));
    const id = await publishedRecord(slow);
    const job = await runCheck({ recordId: id });
    await until(
      async () => upstream.seen.some((line) => line.startsWith('HEAD /slow/1')),
      'the check to reach the slow links',
      20_000,
    );
    const asked = await api('POST', `/processes/${job.id}/cancel`, as('boss'));
    expect(asked.statusCode, asked.body).toBe(202);
    const canceled = await waitFor(job.id, (p) => p.state === 'canceled', 'the cancel');
    expect(canceled.done ?? 0).toBe(0);
    expect(upstream.seen.filter((line) => line.includes('/slow/')).length).toBeLessThan(20);
    expect((await detailed(id, 'ed')).linkStatus).toEqual([]);
  });

  it('is scheduled weekly, also in a database that had the first default schedules', async () => {
    const db = t.app.db;
    const schedules = async () =>
      (await db.selectFrom('process_schedule').select(['id', 'kind', 'cron']).execute()).sort(
        (a, b) => a.id.localeCompare(b.id),
      );
    expect(await schedules()).toContainEqual({
      id: 'links-weekly',
      kind: 'links.check',
      cron: '0 5 * * 0',
    });
    // As before the link check existed: the first defaults marked, no link schedule.
    await db.deleteFrom('process_schedule').where('id', '=', 'links-weekly').execute();
    await db.deleteFrom('seed_run').where('name', '=', 'process-default-schedule-links').execute();
    const before = await schedules();
    await ensureDefaultSchedules(db, new Date());
    const after = await schedules();
    expect(after.filter((s) => s.id === 'links-weekly')).toHaveLength(1);
    expect(after.filter((s) => s.id !== 'links-weekly')).toEqual(before);
    // Once only: an administrator who deletes it keeps it deleted.
    await db.deleteFrom('process_schedule').where('id', '=', 'links-weekly').execute();
    await ensureDefaultSchedules(db, new Date());
    expect((await schedules()).some((s) => s.id === 'links-weekly')).toBe(false);
  });

  it('refuses a record id that is not one and reports a missing record', async () => {
    const bad = await api('POST', '/processes', as('boss'), {
      kind: 'links.check',
      params: { recordId: '../etc' },
    });
    expect(bad.statusCode).toBe(400);
    const job = await runCheck({ recordId: 'no-such-record-0000' });
    const failed = await waitFor(job.id, (p) => p.state === 'failed', 'the failure');
    expect(failed.error).toContain('There is no record no-such-record-0000');
  });
});
