import { commandJobKinds } from './modules/commands/command-job.js';
import { filesJobKinds } from './modules/files/files-jobs.js';
import { harvestJobKinds } from './modules/harvest/harvest-jobs.js';
import { linksJobKinds } from './modules/links/links-jobs.js';
import { previewJobKinds } from './modules/preview/preview-jobs.js';
import type { JobKinds } from './modules/processes/process-job.js';
import { searchJobKinds } from './modules/search/search-jobs.js';
import { systemJobKinds } from './modules/system/system-jobs.js';

/**
 * Every job kind this server runs, put together from the modules that own them: the
 * system's clean-up and self-test, the search's reindex, the files' fixity check, the link
 * check, the preview rebuild, the command console's `command.run` and harvesting's runs and
 * removals. Each entry point that queues or runs jobs takes this record (`buildApp` for
 * the web server and its worker, `cli.ts` for commands that run a kind in place), so no kind
 * depends on which modules an entry point happens to load. Typed as the whole record: a kind
 * of the contract that no part provides is a type error here.
 */
export const jobKinds: JobKinds = {
  ...systemJobKinds,
  ...searchJobKinds,
  ...filesJobKinds,
  ...linksJobKinds,
  ...previewJobKinds,
  ...commandJobKinds,
  ...harvestJobKinds,
};
