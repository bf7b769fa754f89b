import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Process, ProcessLog } from '@geoportal/contract/processes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, until } from '../../test/process-helpers.js';

/**
 * The built server killed (SIGKILL: no shutdown hooks, no release of its job) while a job
 * runs, then a new server on the same data folder: the job's lease runs out, the new
 * server takes it up again and finishes it, and the log shows one run per try.
 */
const mainJs = fileURLToPath(new URL('../../../dist/main.js', import.meta.url));

interface Server {
  child: ChildProcess;
  url: string;
  exited: Promise<unknown>;
}

async function startServer(dataDir: string): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, [mainJs], {
    env: {
      PATH: process.env.PATH ?? '',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      DEMO_DATA: 'true',
      LOG_LEVEL: 'warn',
      PROCESS_POLL_INTERVAL: '100ms',
      PROCESS_LEASE_TIMEOUT: '2s',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const server = { child, url: `http://127.0.0.1:${port}`, exited };
  try {
    await until(
      async () => {
        if (child.exitCode !== null) throw new Error(`server exited:\n${output}`);
        return (await fetch(`${server.url}/api/v1/health`).catch(() => undefined))?.ok ?? false;
      },
      'the server to become healthy',
      30_000,
    );
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return server;
}

describe('a server killed while a process runs', () => {
  let dataDir: string;
  const running: Server[] = [];
  beforeAll(async () => {
    if (!existsSync(mainJs)) throw new Error(`${mainJs} is missing: run "npm run build" first`);
    dataDir = await mkdtemp(path.join(tmpdir(), 'geoportal-process-kill-'));
  });
  afterAll(async () => {
    for (const server of running) {
      if (server.child.exitCode === null && server.child.signalCode === null) {
        server.child.kill('SIGKILL');
        await server.exited;
      }
    }
    await rm(dataDir, { recursive: true, force: true });
  });

  it('is taken up by the next server and finished, one run at a time', {
    timeout: 120_000,
  }, async () => {
    const signIn = async (server: Server) => {
      const res = await fetch(`${server.url}/api/v1/access/authorize`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: 'admin-demo' }),
      });
      expect(res.status).toBe(200);
      return { accesstoken: ((await res.json()) as { id: string }).id };
    };
    const read = async (server: Server, auth: object, id: string) =>
      Process.parse(
        await (
          await fetch(`${server.url}/api/v1/processes/${id}`, { headers: { ...auth } })
        ).json(),
      );

    const first = await startServer(dataDir);
    running.push(first);
    const firstAuth = await signIn(first);
    const started = await fetch(`${first.url}/api/v1/processes`, {
      method: 'POST',
      headers: { ...firstAuth, 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'system.selftest', params: { steps: 30, stepMs: 100 } }),
    });
    expect(started.status).toBe(202);
    const id = Process.parse(await started.json()).id;
    let seen: Process | undefined;
    await until(
      async () => {
        seen = await read(first, firstAuth, id);
        return seen.state === 'running' && (seen.done ?? 0) >= 3;
      },
      'the job to run',
      20_000,
    );
    const firstWorker = seen?.worker;
    first.child.kill('SIGKILL');
    await first.exited;

    const second = await startServer(dataDir);
    running.push(second);
    const secondAuth = await signIn(second);
    let done: Process | undefined;
    await until(
      async () => {
        done = await read(second, secondAuth, id);
        return done.state === 'succeeded';
      },
      'the job to finish on the second server',
      60_000,
    );
    expect(done).toMatchObject({ tries: 2, progress: 100, done: 30, total: 30 });
    expect(done?.worker).not.toBe(firstWorker);
    const log = ProcessLog.parse(
      await (
        await fetch(`${second.url}/api/v1/processes/${id}/log`, { headers: { ...secondAuth } })
      ).json(),
    );
    const starts = log.items.filter((line) => line.text.startsWith('Started'));
    expect(starts.map((line) => line.text.slice(0, 22))).toEqual([
      'Started (try 1 of 3) b',
      'Started (try 2 of 3) b',
    ]);
    expect(starts[0]?.text).toContain(firstWorker);
  });
});
