import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const mainJs = fileURLToPath(new URL('../../packages/server/dist/main.js', import.meta.url));

export interface BenchServer {
  url: string;
  /** Process id of the server, for memory readings under /proc. */
  pid: number;
  /** The server's DATA_DIR (a fresh temporary folder removed by `stop`, unless one was given). */
  dataDir: string;
  stop(): Promise<void>;
}

export interface BenchServerOptions {
  /** Extra environment variables (e.g. DEMO_DATA, MAX_UPLOAD_BYTES). */
  env?: Record<string, string>;
  /** Folder in which the temporary DATA_DIR is created; the system temp folder by default. */
  parentDir?: string;
  /**
   * An existing DATA_DIR to use as it is (e.g. a prepared embedded database); it is kept
   * on `stop`. Without it the server gets a fresh temporary folder.
   */
  dataDir?: string;
  /** Another build's `main.js` (a side-by-side comparison); this checkout's build by default. */
  mainJs?: string;
}

/**
 * Starts the built server as `npm start` would, on a fresh embedded database in a temporary
 * folder, and answers once it is healthy. `stop` sends SIGTERM and removes the folder.
 */
export async function startBenchServer(
  port: number,
  options: BenchServerOptions = {},
): Promise<BenchServer> {
  const entry = options.mainJs ?? mainJs;
  if (!existsSync(entry)) throw new Error(`${entry} is missing: run "npm run build" first`);
  const dataDir =
    options.dataDir ??
    (await mkdtemp(path.join(options.parentDir ?? tmpdir(), 'geoportal-bench-')));
  const removeDataDir = () =>
    options.dataDir ? Promise.resolve() : rm(dataDir, { recursive: true, force: true });
  const child: ChildProcess = spawn(process.execPath, [entry], {
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  try {
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
  } catch (error) {
    await exited;
    await removeDataDir();
    throw error;
  }
  return {
    url,
    pid: child.pid as number,
    dataDir,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      await removeDataDir();
    },
  };
}
