import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { writeIso19139 } from './modules/records/iso19139-writer.js';
import { createAccount } from './test/access-helpers.js';
import { completeMetadata } from './test/record-fixtures.js';
import { seededVocabularies } from './test/test-vocabularies.js';

/**
 * `npm run cli` as operators run it: the built `dist/cli.js` as a child process on a data
 * folder the app is not holding, with the identity of `CLI_USER`.
 */
const cliJs = fileURLToPath(new URL('../dist/cli.js', import.meta.url));

interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

function cli(dataDir: string, args: string[], env: Record<string, string> = {}): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cliJs, ...args], {
      env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.once('error', reject);
    child.once('exit', (status) => resolve({ status, stdout, stderr }));
  });
}

describe('the command-line tool', { timeout: 90_000 }, () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'geoportal-cli-'));
    // The app migrates and seeds the folder once; the tool needs it free, as migrate does.
    const app = await buildApp(
      loadConfig({
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        DEMO_DATA: 'false',
        ADMIN_PASSWORD: 'operator password 1',
      }),
    );
    await createAccount(app, 'ed', 'ed password 1', { role: 'editor' });
    await createAccount(app, 'sub', 'sub password 1', { role: 'submitter' });
    await app.close();
  }, 120_000);
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('lists the commands with `help` (and with no words at all)', async () => {
    const help = await cli(dataDir, ['help']);
    expect(help.status, help.stderr).toBe(0);
    expect(help.stdout).toContain('reindex search  (process)');
    expect(help.stdout).toContain('set state of {id} to {state} [comment {text}]');
    expect((await cli(dataDir, [])).stdout).toBe(help.stdout);
  });

  it('runs a command as the configured administrator and prints its output', async () => {
    const run = await cli(dataDir, ['reindex', 'search']);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/records indexed/);
    const stats = await cli(dataDir, ['show', 'statistics']);
    expect(stats.status, stats.stderr).toBe(0);
    expect(stats.stdout).toMatch(/Users: 3 \(3 enabled\)/);
  });

  it('keeps an argument with spaces one word, as the shell passed it', async () => {
    const run = await cli(dataDir, ['create', 'user', 'two words']);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/\{name\} may contain letters/);
  });

  it("runs with the account's rights: an administrators-only service refuses an editor", async () => {
    const run = await cli(dataDir, ['reindex', 'search'], { CLI_USER: 'ed' });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/^Failed: .*administrators/m);
    const nobody = await cli(dataDir, ['show', 'statistics'], { CLI_USER: 'ghost' });
    expect(nobody.status).toBe(1);
    expect(nobody.stderr).toMatch(/"ghost" \(CLI_USER\) does not exist/);
  });

  it('exits non-zero on an unknown command or a failing one', async () => {
    const unknown = await cli(dataDir, ['frobnicate']);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toMatch(/There is no command "frobnicate"/);
    const failing = await cli(dataDir, ['disable', 'user', 'nobody']);
    expect(failing.status).toBe(1);
    expect(failing.stderr).toMatch(/^Failed: No user with the name "nobody"/m);
  });

  it('imports a ZIP from a local file and reports each file', async () => {
    const good = writeIso19139(
      {
        id: 'cli-import-1',
        type: 'dataset',
        modified: '2025-01-01T00:00:00Z',
        metadata: completeMetadata({ title: { en: 'Imported on the command line' } }),
      },
      seededVocabularies,
    );
    const zipFile = path.join(dataDir, 'records.zip');
    await writeFile(zipFile, zipSync({ 'one.xml': strToU8(good), 'two.xml': strToU8('<x>') }));
    const run = await cli(dataDir, ['import', 'records', 'from', 'zip', zipFile]);
    expect(run.stdout).toMatch(/^one\.xml: created draft /m);
    expect(run.stderr).toMatch(/^two\.xml: not imported/m);
    expect(run.status).toBe(1);
    const app = await buildApp(
      loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', DEMO_DATA: 'false' }),
    );
    try {
      const found = await app.db.selectFrom('object').select('state').execute();
      expect(found.length).toBe(1);
      expect(found[0]?.state).toBe('draft');
    } finally {
      await app.close();
    }
  });

  it("exports records to a ZIP file, prints its path and reads with CLI_USER's rights", async () => {
    const iso = (id: string, title: string) =>
      strToU8(
        writeIso19139(
          {
            id,
            type: 'dataset',
            modified: '2025-01-01T00:00:00Z',
            metadata: completeMetadata({ title: { en: title } }),
          },
          seededVocabularies,
        ),
      );
    const importAs = async (user: string, id: string) => {
      const zipFile = path.join(dataDir, `${id}.zip`);
      await writeFile(zipFile, zipSync({ [`${id}.xml`]: iso(id, `Draft of ${user}`) }));
      const run = await cli(dataDir, ['import', 'records', 'from', 'zip', zipFile], {
        CLI_USER: user,
      });
      expect(run.status, run.stderr).toBe(0);
      return /created draft (\S+)$/m.exec(run.stdout)?.[1] as string;
    };
    const adminDraft = await importAs('admin', 'cli-export-admin');
    const subDraft = await importAs('sub', 'cli-export-sub');
    const exported = async (user: string) => {
      const run = await cli(dataDir, ['export', 'records', 'to', 'zip'], { CLI_USER: user });
      expect(run.status, run.stderr).toBe(0);
      const file = /records exported: (\S+)$/m.exec(run.stdout)?.[1] as string;
      expect(path.dirname(file)).toBe(path.join(dataDir, 'command-exports'));
      return Object.keys(unzipSync(await readFile(file)));
    };
    // The administrator reads every draft; a submitter only their own.
    expect(await exported('admin')).toEqual(
      expect.arrayContaining([`${adminDraft}.xml`, `${subDraft}.xml`]),
    );
    expect(await exported('sub')).toEqual([`${subDraft}.xml`]);
  });
});
