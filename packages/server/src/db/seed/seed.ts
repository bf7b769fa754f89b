import type { Db } from '../database.js';
import { baseSteps, demoSteps } from './demo-steps.js';
import { claimSeedStep, hasSeedStep } from './seed.repository.js';
import type { SeedContext, SeedLog, SeedStep } from './seed-step.js';

/** Marks a database that saw its first start; written once, on the first start only. */
export const DATABASE_CREATED = 'database-created';
/** Marks a database created with demo data; only such a database receives demo steps. */
export const DEMO_DATABASE = 'demo-database';

export interface SeedResult {
  /** True when this start found a database that had never been started before. */
  fresh: boolean;
  /** Names of the steps applied by this start. */
  applied: string[];
  /** Whether this is a demo database (created with demo data, which is still switched on). */
  demo: boolean;
}

/**
 * The seed hook (DESIGN §3). On the first start of a database it decides, from `demoData`,
 * whether this is a demo database. Demo steps then run once each, on that start and on
 * later starts for steps added by newer versions, unless `demoData` is switched off. A
 * database that began without demo data never receives any. Base steps run once on every
 * database.
 */
export async function seedDatabase(
  db: Db,
  options: {
    demoData: boolean;
    log: SeedLog;
    config?: SeedContext['config'];
    now?: () => Date;
    steps?: readonly SeedStep[];
    base?: readonly SeedStep[];
  },
): Promise<SeedResult> {
  const context = (): SeedContext => ({
    config: options.config ?? { adminPassword: undefined },
    log: options.log,
    now: options.now?.() ?? new Date(),
  });
  const fresh = await db.transaction().execute(async (trx) => {
    const created = await claimSeedStep(trx, DATABASE_CREATED);
    if (created && options.demoData) await claimSeedStep(trx, DEMO_DATABASE);
    return created;
  });
  const applied: string[] = [];
  const apply = async (step: SeedStep) => {
    const ran = await db.transaction().execute(async (trx) => {
      if (!(await claimSeedStep(trx, step.name))) return false;
      await step.apply(trx, context());
      return true;
    });
    if (ran) applied.push(step.name);
    return ran;
  };
  const demo = options.demoData && (await hasSeedStep(db, DEMO_DATABASE));
  if (demo) {
    for (const step of options.steps ?? demoSteps) {
      if (await apply(step)) options.log.info(`Demo data: applied ${step.name}`);
    }
  }
  // Base content every database needs (the first administrator) comes after the demo
  // content, which may already provide it.
  for (const step of options.base ?? baseSteps) await apply(step);
  if (fresh) {
    options.log.info(
      demo
        ? `New demo database: applied ${applied.length} seed steps`
        : 'New database without demo data',
    );
  }
  return { fresh, applied, demo };
}
