import { commandJobKinds } from './modules/commands/command-job.js';
import { harvestJobKinds } from './modules/harvest/harvest-jobs.js';
import type { JobKinds } from './modules/processes/process-job.js';
import { systemJobKinds } from './modules/processes/process-kinds.js';

/**
 * Every job kind this server runs, put together from the modules that own them: the
 * processes module's system work, the command console's `command.run` and harvesting's runs
 * and removals. Each entry point that queues or runs jobs takes this record (`buildApp` for
 * the web server and its worker, `cli.ts` for commands that run a kind in place), so no kind
 * depends on which modules an entry point happens to load. Typed as the whole record: a kind
 * of the contract that no part provides is a type error here.
 */
export const jobKinds: JobKinds = {
  ...systemJobKinds,
  ...commandJobKinds,
  ...harvestJobKinds,
};
