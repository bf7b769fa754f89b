import {
  type ProcessKind,
  type processKindParams,
  processKinds,
} from '@geoportal/contract/processes';
import type { z } from 'zod';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { BlobStore } from '../files/store.js';
import type { MemoryCaches } from '../system/memory-caches.js';

export type LogLevel = 'info' | 'warn' | 'error';

/** What a running job sees: its parameters, the app's services and the controls of its run. */
export interface JobContext<P> {
  id: string;
  params: P;
  /** The try this run is (1 for the first). */
  tries: number;
  db: Db;
  config: Config;
  store: BlobStore;
  /** The in-memory caches of the app process that runs the job. */
  caches: MemoryCaches;
  /**
   * Every job kind of the app process that runs the job: a job that runs other kinds in
   * place (a `command.run` of the console) finds them here.
   */
  jobKinds: JobKinds;
  /** The account that queued the job; null for schedules and start-up work. */
  startedBy: string | null;
  now: () => Date;
  /** Aborted when a cancel is asked for, the run's lease is lost or the app shuts down. */
  signal: AbortSignal;
  /** Writes a line to the job's log (kept with the job, bounded). */
  log(level: LogLevel, text: string): void;
  /** Reports progress; written to the row with the next heartbeat. */
  progress(update: { done?: number; total?: number; percent?: number; message?: string }): void;
  /**
   * A place where stopping leaves consistent data: throws `JobCanceled` when the run must
   * stop. Long jobs call it between units of work.
   */
  checkpoint(): void;
}

/** What a finished run leaves on the job: a summary line and, for some kinds, findings. */
export interface JobOutcome {
  message?: string;
  result?: Record<string, unknown>;
}

/** Thrown at a checkpoint after a cancel, a lost lease or on shutdown. */
export class JobCanceled extends Error {
  constructor() {
    super('canceled');
    this.name = 'JobCanceled';
  }
}

/** One kind of job: how to run it and how often to try. */
export interface JobKind<P> {
  maxTries: number;
  run(ctx: JobContext<P>): Promise<JobOutcome | undefined>;
  /**
   * The work a job of these parameters does, when only one such job may wait or run at a
   * time (e.g. `harvest:<id>`: one run per harvester). Every way of queueing — the API, a
   * command, a schedule — then answers the job that holds the key instead of a second one.
   */
  dedupeKey?(params: P): string;
}

/** The parameters of a kind, as its schema in the contract gives them. */
export type KindParams<K extends ProcessKind> = z.output<(typeof processKindParams)[K]>;

/**
 * Every job kind by name. Each module exports the kinds it owns as a part of this record
 * (`Pick<JobKinds, …>`); the composition root (`job-kinds.ts`) spreads them into the whole
 * one, so a kind of the contract that no module runs is a type error.
 */
export type JobKinds = { [K in ProcessKind]: JobKind<KindParams<K>> };

/** The key the kind gives a job of these (validated) parameters, if it has one. */
export function dedupeKeyOf(
  jobKinds: JobKinds,
  kind: ProcessKind,
  params: unknown,
): string | undefined {
  const of = jobKinds[kind].dedupeKey as ((params: unknown) => string) | undefined;
  return of?.(params);
}

export function isKnownKind(kind: string): kind is ProcessKind {
  return (processKinds as readonly string[]).includes(kind);
}

/** Runs a job of any kind with its already validated parameters. */
export function runJob(jobKinds: JobKinds, kind: ProcessKind, ctx: JobContext<unknown>) {
  return (jobKinds[kind] as JobKind<unknown>).run(ctx);
}
