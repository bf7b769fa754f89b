import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const mainJs = fileURLToPath(new URL('../../packages/server/dist/main.js', import.meta.url));

export interface BenchServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts the built server as `npm start` would, on a fresh embedded database in a temporary
 * folder, and answers once it is healthy. `stop` sends SIGTERM and removes the folder.
 */
export async function startBenchServer(port: number): Promise<BenchServer> {
  if (!existsSync(mainJs)) throw new Error(`${mainJs} is missing: run "npm run build" first`);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'geoportal-bench-'));
  const child: ChildProcess = spawn(process.execPath, [mainJs], {
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error('The server exited during start-up');
    try {
      if ((await fetch(`${url}/api/v1/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('The server did not become healthy within 60 s');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
