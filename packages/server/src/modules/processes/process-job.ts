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
}
