import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Harvester, type HarvesterInput, HarvestRunList } from '@geoportal/contract/harvester';
import { Process, ProcessLog } from '@geoportal/contract/processes';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { apiCaller, createAccount, signIn, withToken } from '../../test/access-helpers.js';
import { until } from '../../test/process-helpers.js';
import { completeMetadata } from '../../test/record-fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { newId } from '../access/session.js';
import { refreshSearchDocuments } from '../search/search-index.js';

/**
 * Helpers of the harvest tests: a second instance of this product as the remote (its own
 * PGlite folder, listening on a port of its own), records made for the test, and the calls
 * an administrator makes on the harvesting instance.
 */

export const fastWorker = {
  PROCESS_POLL_INTERVAL: '20ms',
  PROCESS_RETRY_DELAY: '10ms',
  PROCESS_CONCURRENCY: '2',
};

export interface Remote {
  t: TestApp;
  /** Base address of the running remote, e.g. `http://127.0.0.1:8192`. */
  base: string;
  ids: string[];
  close(): Promise<void>;
}

/**
 * Starts a second instance with `count` published, public records and makes it listen on
 * `port` (loopback). Its pages are small so that a harvest takes several.
 */
export async function startRemote(port: number, count: number, pageSize = 10): Promise<Remote> {
  const t = await createTestApp(
    { name: 'pglite' },
    {
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      CSW_MAX_RECORDS: String(pageSize),
      OAI_PAGE_SIZE: String(pageSize),
      PROCESS_WORKER: 'false',
    },
  );
  const ownerId = await createAccount(t.app, 'remote-owner', 'remote owner password 1');
  const ids = await insertPublished(t.app, ownerId, count, 'Remote record');
  await t.app.listen({ port, host: '127.0.0.1' });
  return { t, base: `http://127.0.0.1:${port}`, ids, close: () => t.close() };
}

export interface RecordedRemote extends Remote {
  /** Every request the remote answered (path and query), in order. */
  requests: URL[];
}

/**
 * A second instance like `startRemote`'s, reached through a small web server of the test on
 * a free port that notes every request and hands it on to the instance unchanged (the
 * instance's own `inject`): the test counts what a run asked the remote for.
 */
export async function startRecordedRemote(count: number, pageSize = 10): Promise<RecordedRemote> {
  const requests: URL[] = [];
  let app: FastifyInstance | undefined;
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://remote');
    requests.push(url);
    if (!app) return void res.writeHead(503).end();
    app
      .inject({ method: 'GET', url: `${url.pathname}${url.search}`, headers: { accept: '*/*' } })
      .then((answer) => {
        res.writeHead(answer.statusCode, {
          'content-type': String(answer.headers['content-type'] ?? 'application/octet-stream'),
        });
        res.end(answer.rawPayload);
      })
      .catch(() => res.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const t = await createTestApp(
    { name: 'pglite' },
    {
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      CSW_MAX_RECORDS: String(pageSize),
      OAI_PAGE_SIZE: String(pageSize),
      PROCESS_WORKER: 'false',
    },
  );
  app = t.app;
  const ownerId = await createAccount(t.app, 'remote-owner', 'remote owner password 1');
  const ids = await insertPublished(t.app, ownerId, count, 'Remote record');
  return {
    t,
    base: `http://127.0.0.1:${port}`,
    ids,
    requests,
    close: async () => {
      await new Promise((resolve) => server.close(resolve));
      await t.close();
    },
  };
}

/** Inserts published, public records in one statement (and indexes them), as the demo seed does. */
export async function insertPublished(
  app: FastifyInstance,
  ownerId: string,
  count: number,
  title: string,
  at: Date = new Date('2026-01-10T08:00:00Z'),
): Promise<string[]> {
  const ids = Array.from({ length: count }, () => newId());
  for (let start = 0; start < count; start += 500) {
    const batch = ids.slice(start, start + 500);
    await app.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('object')
        .values(
          batch.map((id, i) => ({
            id,
            type: 'dataset',
            state: 'published',
            version: 1,
            owner_id: ownerId,
            public: true,
            metadata: JSON.stringify(
              completeMetadata({
                title: { de: `${title} ${start + i + 1}`, en: `${title} ${start + i + 1}` },
              }),
            ),
            created_at: at,
            modified_at: at,
          })),
        )
        .execute();
      await refreshSearchDocuments(trx, batch);
    });
  }
  return ids;
}

/** Changes a remote record's title and moves its modification time on (as a save would). */
export async function editRemote(app: FastifyInstance, id: string, title: string, at: Date) {
  await app.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('object')
      .set({
        metadata: JSON.stringify(completeMetadata({ title: { de: title, en: title } })),
        modified_at: at,
      })
      .where('id', '=', id)
      .execute();
    await refreshSearchDocuments(trx, [id]);
  });
}

/** Moves remote records to a state (withdrawn: they leave its CSW and OAI-PMH lists). */
export async function setRemoteState(app: FastifyInstance, ids: string[], state: string, at: Date) {
  await app.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('object')
      .set({ state, modified_at: at })
      .where('id', 'in', ids)
      .execute();
    await refreshSearchDocuments(trx, ids);
  });
}

/** The harvesting instance with an administrator and an editor signed in. */
export async function startHarvesting(
  database: Parameters<typeof createTestApp>[0],
  env: Record<string, string>,
) {
  const t = await createTestApp(database, { ...fastWorker, ...env });
  const tokens: Record<string, string> = {};
  for (const [name, role] of [
    ['boss', 'administrator'],
    ['ed', 'editor'],
  ] as const) {
    await createAccount(t.app, name, `${name} password 1`, { role });
    tokens[name] = await signIn(t.app, name, `${name} password 1`);
  }
  const api = (...args: Parameters<ReturnType<typeof apiCaller>>) => apiCaller(t.app)(...args);
  const boss = () => withToken(tokens.boss as string);

  const create = async (input: HarvesterInput) => {
    const res = await api('POST', '/harvesters', boss(), input);
    expect(res.statusCode, res.body).toBe(201);
    return Harvester.parse(res.json());
  };
  const get = async (id: string) =>
    Harvester.parse((await api('GET', `/harvesters/${id}`, boss())).json());
  const processOf = async (id: string) =>
    Process.parse((await api('GET', `/processes/${id}`, boss())).json());
  const waitProcess = async (id: string) => {
    let last: Process | undefined;
    await until(
      async () => {
        last = await processOf(id);
        return !['queued', 'running'].includes(last.state);
      },
      `process ${id} to finish`,
      120_000,
    );
    return last as Process;
  };
  /** Runs the harvester, waits for the run and answers the process and the run's counts. */
  const run = async (id: string) => {
    const res = await api('POST', `/harvesters/${id}/run`, boss());
    expect(res.statusCode, res.body).toBe(202);
    const process = await waitProcess(Process.parse(res.json()).id);
    const runs = HarvestRunList.parse((await api('GET', `/harvesters/${id}/runs`, boss())).json());
    const last = runs.runs[0];
    expect(last?.process).toBe(process.id);
    return { process, run: last as NonNullable<typeof last> };
  };
  const log = async (processId: string) =>
    ProcessLog.parse(
      (await api('GET', `/processes/${processId}/log?rows=2000`, boss())).json(),
    ).items.map((line) => line.text);
  return { t, tokens, api, boss, create, get, run, log, waitProcess };
}
