import type { Process } from '@geoportal/contract/processes';
import type { FastifyBaseLogger } from 'fastify';
import { urgently } from '../../db/connection-priority.js';
import type { Db } from '../../db/database.js';
import * as repo from './process.repository.js';
import { toProcess } from './process.service.js';

/** Receives the changes of one reading, in order (one stream re-checks its session per batch). */
type Listener = (processes: Process[]) => void;

/**
 * The source of `GET /processes/events`. Jobs change in any app process, so the changes are
 * read from the rows (by `change_seq`), not from this process's memory: one query per
 * interval while anyone listens, shared by every listener of this process.
 */
export class ProcessEvents {
  private readonly listeners = new Set<Listener>();
  private readonly closers = new Set<() => void>();
  private timer: NodeJS.Timeout | undefined;
  private lastSeq: number | undefined;
  private polling = false;
  /** Who waits for the stream to know where "now" is (`positioned`). */
  private positionWaiters: (() => void)[] = [];

  constructor(
    private readonly db: Db,
    private readonly intervalMs: number,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Adds a listener; `close` is called when the app shuts down. Answers the unsubscribe. */
  subscribe(listener: Listener, close: () => void): () => void {
    this.listeners.add(listener);
    this.closers.add(close);
    if (!this.timer) {
      // Changes from now on: read the current number at once, not at the first interval.
      // Urgently: on the embedded database the stream's reading goes ahead of the searches
      // and of a running job's batches (processes.plugin.ts), or the progress on screen
      // would stand still while the job moves.
      urgently(() => void this.poll());
      this.timer = setInterval(() => urgently(() => void this.poll()), this.intervalMs);
      this.timer.unref();
    }
    return () => {
      this.listeners.delete(listener);
      this.closers.delete(close);
      if (this.listeners.size === 0) {
        clearInterval(this.timer);
        this.timer = undefined;
        this.lastSeq = undefined;
        this.settlePosition();
      }
    };
  }

  /**
   * Resolves once the listeners get every change from here on: the stream has read the
   * current change number (at once after the first subscription, else already). A client
   * that has the stream's first line may start a job and see all of its changes.
   */
  positioned(): Promise<void> {
    if (this.lastSeq !== undefined || !this.timer) return Promise.resolve();
    return new Promise((resolve) => this.positionWaiters.push(resolve));
  }

  private settlePosition() {
    for (const resolve of this.positionWaiters.splice(0)) resolve();
  }

  /** Ends every stream (on shutdown, so open streams do not hold the app open). */
  close(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    for (const close of [...this.closers]) close();
    this.listeners.clear();
    this.closers.clear();
    this.settlePosition();
  }

  private async poll() {
    if (this.polling) return;
    this.polling = true;
    try {
      if (this.lastSeq === undefined) {
        this.lastSeq = await repo.lastChange(this.db);
        this.settlePosition();
        return;
      }
      for (;;) {
        const rows = await repo.jobsChangedAfter(this.db, this.lastSeq, 200);
        for (const row of rows) this.lastSeq = Math.max(this.lastSeq ?? 0, Number(row.change_seq));
        if (rows.length > 0) {
          const processes = rows.map(toProcess);
          for (const listener of this.listeners) listener(processes);
        }
        if (rows.length < 200) break;
      }
    } catch (err) {
      this.log.warn({ err }, 'reading process changes failed');
    } finally {
      this.polling = false;
    }
  }
}
