import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/database.js';

/** `npm run migrate`: brings the configured database to the latest schema and exits. */
try {
  const config = loadConfig();
  const database = await openDatabase(config);
  console.log(`Database (${database.kind}) is at the latest schema.`);
  await database.close();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
