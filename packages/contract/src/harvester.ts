import { z } from 'zod';
import { CronExpression } from './processes.js';

export { HarvestOrigin } from './harvest-origin.js';

/**
 * Harvesting (issue 25): remote catalogues (CSW 2.0.2 with ISO 19139 output, OAI-PMH with
 * `iso19139`, OGC API Records) pulled in by runs that are processes. Administrators only:
 * `GET|POST /harvesters`, `GET|PUT|DELETE /harvesters/{id}`, `POST /harvesters/{id}/run`,
 * `GET /harvesters/{id}/runs`, `POST /harvesters/test`.
 */

export const harvesterLimits = {
  nameMax: 200,
  urlMax: 2000,
  constraintMax: 2000,
  runsMax: 50,
} as const;

export const harvestSourceTypes = ['csw', 'oai-pmh', 'ogcapi-records'] as const;
export const HarvestSourceType = z.enum(harvestSourceTypes);
export type HarvestSourceType = z.infer<typeof HarvestSourceType>;

/**
 * What happens to a record whose fileIdentifier is already present from elsewhere (a record
 * this harvester did not bring in: a local record, an imported one or another harvester's):
 * skipped, or harvested beside it under a new id. A harvest never changes a record its own
 * harvester did not create (DESIGN §5 "Identity"), so there is no policy that overwrites.
 */
export const collisionPolicies = ['skip', 'keep both'] as const;
export const CollisionPolicy = z.enum(collisionPolicies);
export type CollisionPolicy = z.infer<typeof CollisionPolicy>;

const HttpUrl = z
  .string()
  .trim()
  .max(harvesterLimits.urlMax)
  .pipe(z.url({ protocol: /^https?$/, error: 'is not an http or https address' }));

/**
 * Where records come from. `constraint` is a CSW CQL text, an OAI-PMH set, or for OGC API
 * Records a query string of `q` and/or `bbox` (e.g. `q=water&bbox=5,47,15,55`).
 */
export const HarvestSource = z
  .object({
    type: HarvestSourceType,
    url: HttpUrl,
    constraint: z.string().trim().max(harvesterLimits.constraintMax).nullable().optional(),
  })
  .strict();
export type HarvestSource = z.infer<typeof HarvestSource>;

export const harvestRunStates = ['queued', 'running', 'succeeded', 'failed', 'canceled'] as const;

/** What a run did; `deleted` counts records withdrawn because the remote no longer lists them. */
export const HarvestCounts = z.object({
  seen: z.number().int(),
  added: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  skipped: z.number().int(),
  failed: z.number().int(),
  deleted: z.number().int(),
});
export type HarvestCounts = z.infer<typeof HarvestCounts>;

export const emptyHarvestCounts = (): HarvestCounts => ({
  seen: 0,
  added: 0,
  updated: 0,
  unchanged: 0,
  skipped: 0,
  failed: 0,
  deleted: 0,
});

/** One run of a harvester: the process that ran it and what it did. */
export const HarvestRun = z
  .object({
    /** The process id; its log is under the process pages. */
    process: z.string(),
    state: z.enum(harvestRunStates),
    started: z.string().nullable(),
    finished: z.string().nullable(),
    counts: HarvestCounts,
    /** e.g. why nothing was deleted. */
    message: z.string().nullable(),
  })
  .meta({ id: 'HarvestRun' });
export type HarvestRun = z.infer<typeof HarvestRun>;

/** `POST /harvesters` and `PUT /harvesters/{id}`. */
export const HarvesterInput = z
  .object({
    name: z.string().trim().min(1).max(harvesterLimits.nameMax),
    source: HarvestSource,
    /** A cron expression; kept as a process schedule of kind `harvest.run`. */
    schedule: CronExpression.nullable().optional(),
    /** The user (name) the harvested records belong to; default: the creator. */
    owner: z.string().trim().min(1).max(200).nullable().optional(),
    /** The group (name) given read and write on the harvested records. */
    group: z.string().trim().min(1).max(200).nullable().optional(),
    collision: CollisionPolicy,
    /** Harvested records are published at once (else they stay drafts). */
    publish: z.boolean(),
  })
  .strict();
export type HarvesterInput = z.input<typeof HarvesterInput>;

export const Harvester = z
  .object({
    id: z.string(),
    name: z.string(),
    source: HarvestSource,
    schedule: z.string().nullable().optional(),
    owner: z.string().nullable().optional(),
    group: z.string().nullable().optional(),
    collision: CollisionPolicy,
    publish: z.boolean(),
    created: z.string(),
    modified: z.string(),
    /** How many records this harvester holds now (withdrawn ones not counted). */
    records: z.number().int(),
    lastRun: HarvestRun.nullable(),
  })
  .meta({ id: 'Harvester' });
export type Harvester = z.infer<typeof Harvester>;

export const HarvesterList = z.object({ harvesters: z.array(Harvester) });
export type HarvesterList = z.infer<typeof HarvesterList>;

export const HarvestRunList = z.object({ runs: z.array(HarvestRun) });
export type HarvestRunList = z.infer<typeof HarvestRunList>;

/** `POST /harvesters/test`: asks the remote for its title (GetCapabilities, Identify, landing page). */
export const HarvesterTestInput = z.object({ source: HarvestSource }).strict();
export type HarvesterTestInput = z.input<typeof HarvesterTestInput>;

export const HarvesterTestResult = z
  .discriminatedUnion('ok', [
    z.object({
      ok: z.literal(true),
      title: z.string(),
      /** How many records the remote offers, when it says so. */
      records: z.number().int().nullable(),
    }),
    z.object({
      ok: z.literal(false),
      /** A stable error code, e.g. `harvester.refused_url` or `geo.proxy_timeout`. */
      code: z.string(),
      message: z.string(),
    }),
  ])
  .meta({ id: 'HarvesterTestResult' });
export type HarvesterTestResult = z.infer<typeof HarvesterTestResult>;
