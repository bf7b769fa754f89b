import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { quoteWord } from '@geoportal/contract/command-line';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { DatabaseLockedError } from './db/database-lock.js';
import { HttpError } from './http/errors.js';
import { jobKinds } from './job-kinds.js';
import { authOfAccount } from './modules/access/access.service.js';
import { parseLine } from './modules/commands/command-catalogue.js';
import { failureText, runParsedLine } from './modules/commands/command-runner.js';
import { BlobStore } from './modules/files/store.js';
import { JobCanceled } from './modules/processes/process-job.js';
import { MemoryCaches } from './modules/system/memory-caches.js';
import { composeObjectHooks } from './object-hooks.js';

/**
 * `npm run cli -- <command line>`: runs one command of the console's catalogue against the
 * configured database, without the web server, for operators' scripts and cron. It acts as
 * the account `CLI_USER` (default `admin`): whoever may run this has the database's
 * credentials already, as for `npm run migrate`; the account decides the rights the services
 * check and the name the audit log records. Output goes to standard output (errors to
 * standard error); the exit status is 0 on success, 1 when the command failed, 2 when the
 * line is no command, 75 when the embedded database is held by a running app.
 * `npm run cli -- help` lists the commands.
 */

// The shell has split the words already; quoting each again lets the console's parser read
// exactly those words (an argument with spaces stays one word).
const words = process.argv.slice(2);
const line = words.length === 0 ? 'help' : words.map(quoteWord).join(' ');

let status = 0;
try {
  const parsed = parseLine(line, 'line');
  const config = loadConfig();
  // Commands write objects: the search and OAI-PMH follow through the kernel's hooks.
  composeObjectHooks();
  const database = await openDatabase(config);
  try {
    const auth = await authOfAccount(database.db, config.cliUser);
    if (!auth && parsed.entry.name !== 'help') {
      console.error(
        `The account "${config.cliUser}" (CLI_USER) does not exist or is disabled; the command runs without an identity.`,
      );
    }
    const store = new BlobStore(path.join(config.dataDir, 'blobs'));
    await store.init();
    // Ctrl+C stops a long command at its next checkpoint, leaving consistent data.
    const controller = new AbortController();
    process.once('SIGINT', () => controller.abort());
    let lastProgress = 0;
    await runParsedLine(parsed, {
      ctx: {
        db: database.db,
        now: new Date(),
        auth,
        config,
        store,
        requestId: `cli:${process.pid}`,
        language: 'en',
      },
      caches: new MemoryCaches(),
      // Every kind, as the web server's worker has them: a command that runs one in place
      // finds it whatever the CLI loaded.
      jobKinds,
      clock: () => new Date(),
      readUpload: (reference) => readFile(path.resolve(reference)),
      write: (level, text) => (level === 'error' ? console.error(text) : console.log(text)),
      stored: false,
      exportAddress: (_name, file) => file,
      job: {
        id: `cli-${process.pid}`,
        signal: controller.signal,
        progress: ({ message }) => {
          if (!message || !process.stderr.isTTY || Date.now() - lastProgress < 1000) return;
          lastProgress = Date.now();
          process.stderr.write(`\r${message}   `);
        },
        checkpoint: () => {
          if (controller.signal.aborted) throw new JobCanceled();
        },
      },
    });
  } catch (error) {
    status = 1;
    console.error(`Failed: ${error instanceof HttpError ? failureText(error) : describe(error)}`);
  } finally {
    await database.close();
  }
} catch (error) {
  if (error instanceof HttpError) {
    console.error(error.message);
    status = 2;
  } else if (error instanceof ConfigError || error instanceof DatabaseLockedError) {
    // A bad variable or a database held by a running app is the operator's to fix.
    console.error(error.message);
    status = error instanceof DatabaseLockedError ? 75 : 1;
  } else {
    console.error(error);
    status = 1;
  }
}
process.exit(status);

/** The operator's own terminal may see an unexpected error's message (never a web client). */
function describe(error: unknown): string {
  if (error instanceof JobCanceled) return 'Canceled';
  return error instanceof Error ? error.message : String(error);
}
