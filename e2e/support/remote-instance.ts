import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { completeMetadata } from './records';

/**
 * A second instance of the product for the harvesting e2e: the built server on its own port
 * and embedded database, without the demo records (the harvest must not copy the demo
 * catalogue into the instance under test, whose other specs count its records), holding
 * the few published records a test gives it.
 */

const here = dirname(fileURLToPath(import.meta.url));
const main = resolve(here, '../../packages/server/dist/main.js');
const ADMIN_PASSWORD = 'remote-admin-e2e';

/** The title its CSW gives in GetCapabilities, which a connection test shows. */
export const REMOTE_TITLE = 'Geodatenkatalog Kreis Probstadt';

/**
 * Its port: fixed per e2e port, so `playwright.config.ts` can let the instance under test
 * harvest from it (loopback is refused unless HARVEST_ALLOW_PRIVATE names it).
 */
export function remotePort(): number {
  return Number(process.env.E2E_REMOTE_PORT ?? Number(process.env.E2E_PORT ?? 8096) + 10_000);
}

export interface RemoteInstance {
  /** Its base address, e.g. `http://127.0.0.1:18096`. */
  base: string;
  /** Its CSW endpoint, as an administrator enters it in a harvester. */
  csw: string;
  /** Creates and publishes a record with this title; answers its id. */
  publish: (title: string) => Promise<string>;
  stop: () => Promise<void>;
}

async function waitForHealth(base: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`The second instance ended (${child.exitCode}):\n${output()}`);
    }
    try {
      if ((await fetch(`${base}/api/v1/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((done) => setTimeout(done, 500));
  }
  throw new Error(`The second instance did not start in time:\n${output()}`);
}

/** Starts the second instance on a fresh database; `stop` ends it and removes its data. */
export async function startRemoteInstance(): Promise<RemoteInstance> {
  const port = remotePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = resolve(here, `../.e2e-data/remote-${port}`);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  let output = '';
  const child = spawn(process.execPath, [main], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_DATA: 'false',
      ADMIN_PASSWORD,
      PUBLIC_URL: base,
      CSW_TITLE: REMOTE_TITLE,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  });
  const stop = async () => {
    if (child.exitCode === null) {
      const ended = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await Promise.race([ended, new Promise((done) => setTimeout(done, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(base, child, () => output);
  } catch (error) {
    await stop();
    throw error;
  }

  // A script's session: the token header only, so no CSRF cookie is involved.
  const login = await fetch(`${base}/api/v1/access/authorize`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
  });
  if (!login.ok) throw new Error(`Sign-in at the second instance answered ${login.status}`);
  const token = ((await login.json()) as { id: string }).id;
  const call = async (method: string, path: string, body: unknown) => {
    const response = await fetch(`${base}/api/v1${path}`, {
      method,
      headers: { 'content-type': 'application/json', AccessToken: token },
      body: JSON.stringify(body),
    });
    if (!response.ok) {
      throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
    }
    return (await response.json()) as { id: string };
  };

  const publish = async (title: string) => {
    const { id } = await call('POST', '/object', {
      type: 'dataset',
      metadata: completeMetadata(title, `${title}: ein Datensatz des entfernten Katalogs.`),
    });
    await call('PUT', `/object/${id}/state`, { state: 'submitted' });
    await call('PUT', `/object/${id}/state`, { state: 'published' });
    return id;
  };
  return { base, csw: `${base}/csw`, publish, stop };
}
