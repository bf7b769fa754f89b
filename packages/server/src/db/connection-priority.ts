import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Statements that must not wait their turn behind everyone else on the embedded database's
 * one connection. A running job's heartbeat carries its progress and keeps its lease: queued
 * behind a search and the job's own next batch, the progress an administrator watches stood
 * still for seconds (bench:reindex); the administrator's reading of it (the process API, the
 * live stream) then waited behind the same queue. Statements run inside `urgently` take the connection
 * next, ahead of those already waiting, but never interrupt a statement or transaction in
 * progress. On PostgreSQL each statement has a pooled connection and this changes nothing.
 */
const urgentContext = new AsyncLocalStorage<true>();

/**
 * Runs `work`, and everything it starts (promises, callbacks, timers), with its statements
 * ahead of the queue of the embedded database.
 */
export function urgently<T>(work: () => T): T {
  return urgentContext.run(true, work);
}

/** Whether the statement being queued now was asked for urgently. */
export function isUrgent(): boolean {
  return urgentContext.getStore() === true;
}
