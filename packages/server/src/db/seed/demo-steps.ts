import { bootstrapAdminStep, demoAccountsStep } from '../../modules/access/access.seed.js';
import { demoRecordsStep } from './demo-records.seed.js';
import type { SeedStep } from './seed-step.js';

/**
 * Demo content, applied in this order to a database that was created with demo data.
 * Later issues append steps here (classifications, about 100 records); a step's name is
 * never changed once released, because it marks the step as done.
 */
export const demoSteps: readonly SeedStep[] = [demoAccountsStep, demoRecordsStep];

/** Content every database needs, applied once to each, after the demo steps. */
export const baseSteps: readonly SeedStep[] = [bootstrapAdminStep];
