import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { processKindParams } from '@geoportal/contract/processes';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import { urgently } from '../../db/connection-priority.js';
import type { Db } from '../../db/database.js';
import type { ProcessJobRow } from '../../db/schema.js';
import type { BlobStore } from '../files/store.js';
import type { MemoryCaches } from '../system/memory-caches.js';
import * as repo from './process.repository.js';
import { isKnownKind, JobCanceled, type JobKinds, type LogLevel, runJob } from './process-job.js';
import { fireDueSchedules } from './process-schedules.js';

/** The shortest time between two writes of a job's progress, when it moves faster. */
const PROGRESS_WRITE_MS = 200;

export interface WorkerDeps {
  db: Db;
  config: Config;
  store: BlobStore;
  caches: MemoryCaches;
  /** Every kind this worker runs (the composition root's record). */
  jobKinds: JobKinds;
  clock: () => Date;
  log: FastifyBaseLogger;
}

/** Why a run was stopped from outside the job. */
type StopReason = 'cancel' | 'lost' | 'shutdown';

/**
 * The worker of one app process (issue 20). Each tick it gives up the leases of processes
 * that stopped beating, fires due schedules and takes queued jobs up to its concurrency.
 * Everything it knows lives in the rows, so any number of processes can run one each.
 */
export class ProcessWorker {
  /** Names this process in `lease_owner`: host, pid and a random part for restarts. */
  readonly owner = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private readonly running = new Map<
    string,
    { controller: AbortController; done: Promise<void> }
  >();
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<void> | undefined;
  private started = false;
  private stopped = false;

  constructor(private readonly deps: WorkerDeps) {}

  start(): void {
    this.started = true;
    this.schedule(0);
  }

  /**
   * Looks at the queue now (a job was just queued by this process); nothing before `start`,
   * so an app without a worker (`PROCESS_WORKER=false`) never takes a job.
   */
  wake(): void {
    if (!this.started || this.stopped) return;
    this.schedule(0);
  }

  /**
   * Stops taking jobs, stops the running ones at their next checkpoint and puts them back
   * into the queue without using up a try, so the next process starts them again.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.ticking;
    for (const run of this.running.values()) run.controller.abort('shutdown');
    await Promise.all([...this.running.values()].map((run) => run.done));
  }

  private schedule(ms: number) {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.ticking ??= this.tick().finally(() => {
        this.ticking = undefined;
        if (!this.stopped) this.schedule(this.deps.config.processes.pollIntervalMs);
      });
    }, ms);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    const { db, config, clock, log } = this.deps;
    try {
      const recovered = await repo.recoverStaleJobs(db, clock(), config.processes.leaseTimeoutMs);
      for (const job of recovered) {
        log.warn({ job: job.id, state: job.state }, 'process lost its worker; lease released');
      }
      await fireDueSchedules(db, this.deps.jobKinds, clock(), log);
      while (!this.stopped && this.running.size < config.processes.concurrency) {
        const job = await repo.claimJob(db, this.owner, clock());
        if (!job) break;
        const controller = new AbortController();
        const done = this.run(job, controller).finally(() => {
          this.running.delete(job.id);
          // A free slot: look for the next job at once rather than after a poll interval.
          if (!this.stopped) this.schedule(0);
        });
        this.running.set(job.id, { controller, done });
      }
    } catch (err) {
      if (!this.stopped) log.warn({ err }, 'process worker tick failed; trying again');
    }
  }

  private async run(job: ProcessJobRow, controller: AbortController): Promise<void> {
    const { db, config, clock, log, store, caches, jobKinds } = this.deps;
    const owner = this.owner;
    const state = {
      progress: 0,
      message: '',
      done: null as number | null,
      total: null as number | null,
    };
    let lines: { at: Date; level: LogLevel; text: string }[] = [];
    const flushLog = async () => {
      const batch = lines;
      lines = [];
      await repo.appendLog(db, job.id, batch);
    };
    const writeLine = (level: LogLevel, text: string) => {
      lines.push({ at: clock(), level, text: text.slice(0, 4000) });
    };

    let beating: Promise<void> | undefined;
    // Urgently: on the embedded database the beat goes ahead of the searches and of the job's
    // own next batch waiting for the one connection (db/connection-priority.ts).
    const beat = () =>
      urgently(async () => {
        await flushLog();
        const answer = await repo.beat(db, job.id, owner, clock(), state);
        if (answer !== 'ok' && !controller.signal.aborted) controller.abort(answer);
      });
    let lastBeatAt = 0;
    const beatOnce = () => {
      if (beating) return;
      lastBeatAt = performance.now();
      beating = beat()
        .catch((err: unknown) => log.warn({ err, job: job.id }, 'process heartbeat failed'))
        .finally(() => {
          beating = undefined;
        });
    };
    // Twice a second: the heartbeat keeps the lease and carries the progress and log lines.
    const beatMs = Math.max(50, Math.min(500, config.processes.leaseTimeoutMs / 4));
    const heartbeat = setInterval(beatOnce, beatMs);
    heartbeat.unref();
    // Progress that moves is written at once (at most every PROGRESS_WRITE_MS), not at the
    // next beat: waiting for the beat added up to half a second, and on the embedded database
    // often the whole next batch, to the time the progress an administrator watches stands
    // still (bench:reindex).
    const progressMoved = () => {
      if (performance.now() - lastBeatAt >= PROGRESS_WRITE_MS) beatOnce();
    };

    writeLine('info', `Started (try ${job.tries} of ${job.max_tries}) by ${owner}`);
    let outcome: Awaited<ReturnType<typeof runJob>>;
    let failure: unknown;
    try {
      if (!isKnownKind(job.kind)) throw new Error(`Unknown job kind "${job.kind}"`);
      const params = processKindParams[job.kind].parse(job.params);
      outcome = await runJob(jobKinds, job.kind, {
        id: job.id,
        params,
        tries: job.tries,
        db,
        config,
        store,
        caches,
        jobKinds,
        startedBy: job.started_by,
        now: clock,
        signal: controller.signal,
        log: writeLine,
        progress: (update) => {
          if (update.done !== undefined) state.done = update.done;
          if (update.total !== undefined) state.total = update.total;
          if (update.message !== undefined) state.message = update.message.slice(0, 500);
          state.progress =
            update.percent ??
            (state.total ? Math.min(100, (100 * (state.done ?? 0)) / state.total) : state.progress);
          progressMoved();
        },
        checkpoint: () => {
          if (controller.signal.aborted) throw new JobCanceled();
        },
      });
    } catch (error) {
      failure = error;
    } finally {
      clearInterval(heartbeat);
      await beating;
    }

    const reason = controller.signal.aborted ? (controller.signal.reason as StopReason) : undefined;
    try {
      if (reason === 'lost') {
        log.warn({ job: job.id }, 'process was taken over by another worker; this run stops');
        return;
      }
      const now = clock();
      if (reason === 'shutdown' && failure !== undefined) {
        writeLine('warn', 'Stopped because the app process shuts down; it will start again');
        await flushLog();
        await repo.release(db, job.id, owner, now);
        return;
      }
      if (reason === 'cancel' && failure !== undefined) {
        writeLine('warn', 'Canceled at a checkpoint');
        await flushLog();
        await repo.finishRun(db, job.id, owner, {
          state: 'canceled',
          message: state.message ? `Canceled at: ${state.message}` : 'Canceled',
          progress: state.progress,
          done: state.done,
          total: state.total,
          finishedAt: now,
        });
        return;
      }
      if (failure === undefined) {
        writeLine('info', outcome?.message ?? 'Finished');
        await flushLog();
        await repo.finishRun(db, job.id, owner, {
          state: 'succeeded',
          progress: 100,
          message: (outcome?.message ?? 'Finished').slice(0, 500),
          done: state.done,
          total: state.total,
          result: outcome?.result ?? null,
          error: null,
          finishedAt: now,
        });
        return;
      }
      const text = failure instanceof Error ? failure.message : String(failure);
      const again = job.tries < job.max_tries;
      writeLine('error', `Failed: ${text}${again ? ' — another try follows' : ''}`);
      await flushLog();
      await repo.finishRun(db, job.id, owner, {
        state: again ? 'queued' : 'failed',
        message: state.message,
        progress: state.progress,
        done: state.done,
        total: state.total,
        error: text.slice(0, 2000),
        ...(again
          ? { runAfter: new Date(now.getTime() + config.processes.retryDelayMs * job.tries) }
          : {}),
        finishedAt: again ? null : now,
      });
    } catch (err) {
      // The row stays 'running'; its lease runs out and the recovery of another tick decides.
      log.error({ err, job: job.id }, 'could not record the end of a process');
    }
  }
}
