import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { DatabaseLockedError } from './db/database-lock.js';
import { rebuildSearchIndex } from './modules/search/search-index.js';

/**
 * `npm run reindex`: rebuilds the search index of the configured database from the objects,
 * in batches, with progress on stderr. Safe while the app serves the same database: each
 * batch is a short transaction and skips objects being saved at that moment (their save
 * writes their document itself).
 */
try {
  const config = loadConfig();
  const database = await openDatabase(config);
  const started = Date.now();
  let last = 0;
  const result = await rebuildSearchIndex(database.db, {
    onProgress: ({ done, total }) => {
      const now = Date.now();
      if (now - last < 1000 && done < total) return;
      last = now;
      const seconds = (now - started) / 1000;
      const rate = seconds > 0 ? Math.round(done / seconds) : 0;
      const eta = rate > 0 ? Math.round((total - done) / rate) : 0;
      process.stderr.write(
        `\rSearch index: ${done} of ${total} records (${rate}/s${done < total ? `, about ${eta} s left` : ''})   `,
      );
    },
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  process.stderr.write('\n');
  console.log(
    `Search index rebuilt on ${database.kind}: ${result.indexed} records in ${seconds} s, ${result.removed} stale documents removed.`,
  );
  await database.close();
} catch (error) {
  // A bad variable or a database held by a running app is the operator's to fix: say what,
  // without a stack trace.
  if (error instanceof ConfigError || error instanceof DatabaseLockedError) {
    console.error(error.message);
    process.exit(error instanceof DatabaseLockedError ? 75 : 1);
  }
  console.error(error);
  process.exit(1);
}
