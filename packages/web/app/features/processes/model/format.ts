import type { Process } from '@geoportal/contract/processes';

/** Whole seconds a process ran (until now while it runs); null before it started. */
export function durationSeconds(process: Process, now: number): number | null {
  if (!process.startedAt) return null;
  const end = process.finishedAt ? Date.parse(process.finishedAt) : now;
  return Math.max(0, Math.round((end - Date.parse(process.startedAt)) / 1000));
}

/** `1:05:09`, `5:09` or `0:09`: short and sortable by eye. */
export function formatDuration(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** The translation key of a kind; unknown kinds show their name. */
export const kindKey = (kind: string) => `processes.kind.${kind}`;

export const isFinished = (process: Process) =>
  process.state === 'succeeded' || process.state === 'failed' || process.state === 'canceled';
