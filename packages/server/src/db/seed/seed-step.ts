import type { Config } from '../../config.js';
import type { Db } from '../database.js';

/**
 * The shape of a seed step, apart from the runner (seed.ts) that imports the steps, so that a
 * step does not import its runner.
 */

export interface SeedLog {
  info(message: string): void;
  warn(message: string): void;
}

/** What a seed step may use besides the database. */
export interface SeedContext {
  config: Pick<Config, 'adminPassword'>;
  log: SeedLog;
  now: Date;
}

/** One idempotent piece of seed content. */
export interface SeedStep {
  /** Stable name recorded in `seed_run` once the step has been applied. */
  name: string;
  /** Writes the content; runs inside a transaction together with recording the step. */
  apply(db: Db, context: SeedContext): Promise<void>;
}
