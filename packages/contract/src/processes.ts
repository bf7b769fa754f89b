import { z } from 'zod';

/**
 * Processes (issue 20, SPEC §2 management.processes): background jobs with progress, log,
 * cancel and retry, and the schedules that queue them. Administrators only.
 */

export const processStates = ['queued', 'running', 'succeeded', 'failed', 'canceled'] as const;
export const ProcessState = z.enum(processStates);
export type ProcessState = z.infer<typeof ProcessState>;

/** States a job does not leave by itself (retry puts it back into the queue). */
export const finishedStates: readonly ProcessState[] = ['succeeded', 'failed', 'canceled'];

/**
 * The parameters of every job kind. The server validates `POST /processes` against these;
 * the start form of the web app offers the kinds in `startableKinds`.
 */
export const processKindParams = {
  /**
   * Runs command lines of the console in order, as the administrator who queued them
   * (issue 23); the log is their output. Stops at the first failure unless
   * `continueOnFailure`.
   */
  'command.run': z
    .object({
      lines: z.array(z.string().min(1).max(2000)).min(1).max(100),
      continueOnFailure: z.boolean().default(false),
    })
    .strict(),
  /** Recomputes every search document in place: searches see old or new documents, never none. */
  'search.reindex': z.object({}).strict(),
  /** Re-hashes every stored blob; reports mismatches and missing files. */
  'files.fixity': z.object({}).strict(),
  /**
   * Renders every preview of every record's index file into the cache; `force` drops the
   * cached renditions and remembered failures first.
   */
  'preview.rebuild': z.object({ force: z.boolean().default(false) }).strict(),
  /**
   * Checks the online-resource links of one record (`recordId`) or of every record and keeps
   * each link's status (HEAD, then GET; through the map proxy's address rule).
   */
  'links.check': z
    .object({
      recordId: z
        .string()
        .regex(/^[\w-]{10,64}$/, 'is not an object id')
        .optional(),
    })
    .strict(),
  /**
   * Runs a harvester (issue 25): pages through its remote, creates or updates the records it
   * lists, withdraws those it no longer lists after a complete run.
   */
  'harvest.run': z.object({ harvester: z.uuid() }).strict(),
  /** Removes the records a harvester created (through the objects write kernel), then it. */
  'harvest.delete': z.object({ harvester: z.uuid() }).strict(),
  /** Deletes expired sessions, spent sign-in counters and finished jobs past their retention. */
  'maintenance.purge': z.object({}).strict(),
  /**
   * Checks that workers take and run jobs: walks `steps` steps of `stepMs` each (a cancel is
   * honoured between steps), writes `logLines` log lines, and fails its first `failTries` tries.
   */
  'system.selftest': z
    .object({
      steps: z.int().min(0).max(10_000).default(10),
      stepMs: z.int().min(0).max(60_000).default(100),
      logLines: z.int().min(0).max(50_000).default(0),
      failTries: z.int().min(0).max(10).default(0),
    })
    .strict(),
} as const;

export type ProcessKind = keyof typeof processKindParams;
export const processKinds = Object.keys(processKindParams) as ProcessKind[];
export const ProcessKindName = z.enum(processKinds as [ProcessKind, ...ProcessKind[]]);

/** Kinds the start form offers; the self-test stays an API and test tool. */
export const startableKinds: readonly ProcessKind[] = [
  'search.reindex',
  'files.fixity',
  'maintenance.purge',
  'preview.rebuild',
  'links.check',
];

export const Process = z.object({
  id: z.string(),
  kind: z.string(),
  params: z.record(z.string(), z.unknown()),
  state: ProcessState,
  /** 0–100. */
  progress: z.number(),
  message: z.string(),
  done: z.number().nullable(),
  total: z.number().nullable(),
  result: z.record(z.string(), z.unknown()).nullable(),
  error: z.string().nullable(),
  tries: z.number(),
  maxTries: z.number(),
  cancelRequested: z.boolean(),
  startedBy: z.string().nullable(),
  scheduleId: z.string().nullable(),
  queuedAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  heartbeatAt: z.string().nullable(),
  /** The app process that runs, or last ran, the job. */
  worker: z.string().nullable(),
  logLines: z.number(),
});
export type Process = z.infer<typeof Process>;

export const processListLimits = { rowsMax: 100, rowsDefault: 20 } as const;

export const ProcessListQuery = z.object({
  state: ProcessState.optional(),
  kind: z.string().max(64).optional(),
  start: z.coerce.number().int().min(0).default(0),
  rows: z.coerce
    .number()
    .int()
    .min(1)
    .max(processListLimits.rowsMax)
    .default(processListLimits.rowsDefault),
});

export const ProcessList = z.object({
  total: z.number(),
  start: z.number(),
  rows: z.number(),
  items: z.array(Process),
});
export type ProcessList = z.infer<typeof ProcessList>;

export const ProcessStartInput = z.object({
  kind: z.string().max(64),
  params: z.record(z.string(), z.unknown()).default({}),
});
export type ProcessStartInput = z.input<typeof ProcessStartInput>;

/** Most lines a job keeps: older lines give way to newer ones. */
export const PROCESS_LOG_LINES_MAX = 10_000;

export const ProcessLogLine = z.object({
  seq: z.number(),
  at: z.string(),
  level: z.enum(['info', 'warn', 'error']),
  text: z.string(),
});
export type ProcessLogLine = z.infer<typeof ProcessLogLine>;

export const processLogLimits = { rowsMax: 2000, rowsDefault: 500 } as const;

export const ProcessLogQuery = z.object({
  /** Lines after this number (the `seq` of the last line read). */
  after: z.coerce.number().int().min(0).default(0),
  rows: z.coerce
    .number()
    .int()
    .min(1)
    .max(processLogLimits.rowsMax)
    .default(processLogLimits.rowsDefault),
});

export const ProcessLog = z.object({
  items: z.array(ProcessLogLine),
  /** Pass as `after` to read on. */
  next: z.number(),
  /** Whether the job has finished, so no more lines will come. */
  finished: z.boolean(),
});
export type ProcessLog = z.infer<typeof ProcessLog>;

/** A cron expression: five fields (minute first) or six (seconds first). */
export const CronExpression = z.string().trim().min(9).max(120);

export const ScheduleInput = z.object({
  kind: z.string().max(64),
  params: z.record(z.string(), z.unknown()).default({}),
  cron: CronExpression,
  enabled: z.boolean().default(true),
});
export type ScheduleInput = z.input<typeof ScheduleInput>;

export const Schedule = z.object({
  id: z.string(),
  kind: z.string(),
  params: z.record(z.string(), z.unknown()),
  cron: z.string(),
  enabled: z.boolean(),
  nextRunAt: z.string().nullable(),
  lastRunAt: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Schedule = z.infer<typeof Schedule>;

export const ScheduleList = z.object({ items: z.array(Schedule) });
export type ScheduleList = z.infer<typeof ScheduleList>;

/** One message of `GET /processes/events` (event name `process`): a job as it is now. */
export const ProcessEvent = Process;
