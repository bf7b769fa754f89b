import type { Db } from '../database.js';
import { demoSteps } from './demo-steps.js';
import { claimSeedStep, hasSeedStep } from './seed.repository.js';

/** One idempotent piece of seed content. */
export interface SeedStep {
  /** Stable name recorded in `seed_run` once the step has been applied. */
  name: string;
  /** Writes the content; runs inside a transaction together with recording the step. */
  apply(db: Db): Promise<void>;
}

export interface SeedLog {
  info(message: string): void;
}

/** Marks a database that saw its first start; written once, on the first start only. */
export const DATABASE_CREATED = 'database-created';
/** Marks a database created with demo data; only such a database receives demo steps. */
export const DEMO_DATABASE = 'demo-database';

export interface SeedResult {
  /** True when this start found a database that had never been started before. */
  fresh: boolean;
  /** Names of the steps applied by this start. */
  applied: string[];
}

/**
 * The demo seed hook (DESIGN §3). On the first start of a database it decides, from
 * `demoData`, whether this is a demo database. Demo steps then run once each, on that start
 * and on later starts for steps added by newer versions, unless `demoData` is switched off.
 * A database that began without demo data never receives any.
 */
export async function seedDatabase(
  db: Db,
  options: { demoData: boolean; log: SeedLog; steps?: readonly SeedStep[] },
): Promise<SeedResult> {
  const steps = options.steps ?? demoSteps;
  const fresh = await db.transaction().execute(async (trx) => {
    const created = await claimSeedStep(trx, DATABASE_CREATED);
    if (created && options.demoData) await claimSeedStep(trx, DEMO_DATABASE);
    return created;
  });
  const applied: string[] = [];
  if (!options.demoData || !(await hasSeedStep(db, DEMO_DATABASE))) {
    if (fresh) options.log.info('New database without demo data');
    return { fresh, applied };
  }
  for (const step of steps) {
    const ran = await db.transaction().execute(async (trx) => {
      if (!(await claimSeedStep(trx, step.name))) return false;
      await step.apply(trx);
      return true;
    });
    if (ran) {
      applied.push(step.name);
      options.log.info(`Demo data: applied ${step.name}`);
    }
  }
  if (fresh) options.log.info(`New demo database: applied ${applied.length} demo steps`);
  return { fresh, applied };
}
