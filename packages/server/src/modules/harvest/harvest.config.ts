import { z } from 'zod';
import { HostList, type HostRule } from '../outbound/address-policy.js';

/**
 * Configuration of harvesting (`HARVEST_*`), parsed by `config.ts`. The limits keep a run
 * from going on for ever when a remote's paging never ends (a `nextRecord` that keeps
 * pointing on, a resumption token that never runs out).
 */
export interface HarvestConfig {
  /**
   * A complete run withdraws the records the remote no longer lists, unless it listed fewer
   * than this share of the records the harvester holds (`HARVEST_DELETE_THRESHOLD`, default
   * 0.5: less than half deletes nothing). 0 always deletes.
   */
  deleteThreshold: number;
  /** Most answer pages one run fetches (`HARVEST_MAX_PAGES`, default 2000). */
  maxPages: number;
  /** Most records one run reads (`HARVEST_MAX_RECORDS`, default 200,000). */
  maxRecords: number;
  /** Records asked for per page where the protocol lets the client choose (`HARVEST_PAGE_SIZE`, default 100). */
  pageSize: number;
  /** Time for one remote request, body included (`HARVEST_TIMEOUT`, default 60 s). */
  timeoutMs: number;
  /** Largest answer page in bytes (`HARVEST_MAX_BYTES`, default 50 MiB). */
  maxBytes: number;
  /**
   * Intranet catalogues that may resolve to private, loopback, unique-local or CGNAT
   * addresses (`HARVEST_ALLOW_PRIVATE`, host-list entries). Harvesting's own list: the map
   * proxy, which any visitor uses, reaches such a host only when `GEO_PROXY_ALLOW_PRIVATE`
   * names it.
   */
  allowPrivate: HostRule[];
}

export const HARVEST_DEFAULTS: HarvestConfig = {
  deleteThreshold: 0.5,
  maxPages: 2000,
  maxRecords: 200_000,
  pageSize: 100,
  timeoutMs: 60_000,
  maxBytes: 50 * 1024 ** 2,
  allowPrivate: [],
};

const whole = (max: number) =>
  z
    .string()
    .regex(/^\d+$/, 'expected a whole number')
    .transform(Number)
    .refine((n) => n > 0 && n <= max, `must be between 1 and ${max}`);

/** The `HARVEST_*` variables; `config.ts` adds them to the environment. */
export const HarvestEnvironment = {
  HARVEST_DELETE_THRESHOLD: z
    .string()
    .regex(/^(0(\.\d+)?|1(\.0+)?)$/, 'expected a share between 0 and 1, e.g. 0.5')
    .transform(Number)
    .optional(),
  HARVEST_MAX_PAGES: whole(1_000_000).optional(),
  HARVEST_MAX_RECORDS: whole(100_000_000).optional(),
  HARVEST_PAGE_SIZE: whole(1000).optional(),
  HARVEST_TIMEOUT_SECONDS: whole(3600).optional(),
  HARVEST_MAX_BYTES: whole(2 * 1024 ** 3).optional(),
  HARVEST_ALLOW_PRIVATE: HostList.optional(),
};

type Parsed = {
  [K in keyof typeof HarvestEnvironment]?: z.output<(typeof HarvestEnvironment)[K]>;
};

export function harvestConfig(e: Parsed): HarvestConfig {
  return {
    deleteThreshold: e.HARVEST_DELETE_THRESHOLD ?? HARVEST_DEFAULTS.deleteThreshold,
    maxPages: e.HARVEST_MAX_PAGES ?? HARVEST_DEFAULTS.maxPages,
    maxRecords: e.HARVEST_MAX_RECORDS ?? HARVEST_DEFAULTS.maxRecords,
    pageSize: e.HARVEST_PAGE_SIZE ?? HARVEST_DEFAULTS.pageSize,
    timeoutMs: (e.HARVEST_TIMEOUT_SECONDS ?? HARVEST_DEFAULTS.timeoutMs / 1000) * 1000,
    maxBytes: e.HARVEST_MAX_BYTES ?? HARVEST_DEFAULTS.maxBytes,
    allowPrivate: e.HARVEST_ALLOW_PRIVATE ?? HARVEST_DEFAULTS.allowPrivate,
  };
}
