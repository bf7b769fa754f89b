import type { HarvestCounts, HarvestRun } from '@geoportal/contract/harvester';
import { pathTo } from '../../../route-paths';

/** The counters a run shows, in the order a reader takes them in. */
export const countNames = [
  'added',
  'updated',
  'unchanged',
  'skipped',
  'failed',
  'deleted',
] as const satisfies readonly (keyof HarvestCounts)[];

/** Whether a run may still change (its counters grow, its state moves on). */
export const isRunOpen = (run: HarvestRun | null | undefined) =>
  run?.state === 'queued' || run?.state === 'running';

/** The translation key of a collision policy (the policies' names contain spaces). */
export const collisionKey = {
  skip: 'skip',
  'keep both': 'keepBoth',
} as const;

/** The processes page with this process open: its facts and its log. */
export const processLink = (process: string) =>
  `${pathTo('management.processes')}?${new URLSearchParams({ process })}`;
