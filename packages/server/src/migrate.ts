import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { DatabaseLockedError } from './db/database-lock.js';

/** `npm run migrate`: brings the configured database to the latest schema and exits. */
try {
  const config = loadConfig();
  const database = await openDatabase(config);
  console.log(`Database (${database.kind}) is at the latest schema.`);
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
