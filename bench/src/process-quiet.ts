import { readFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';

/** CPU time a process has used so far, in clock ticks (utime + stime of /proc/{pid}/stat). */
async function cpuTicks(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // The command name in parentheses may hold spaces; the fields after it are fixed.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

export interface QuietOptions {
  /** Most CPU the process may use while it counts as quiet, as a share of one core. */
  share?: number;
  /** How long it must stay under that, in ms. */
  forMs?: number;
  /** When to give up and go on, in ms. */
  timeoutMs?: number;
}

/**
 * Waits until process `pid` (with all its threads) has used less than `share` of a core for
 * `forMs` in a row; answers how long that took and whether it got there before `timeoutMs`.
 * The bench's server shares the machine's cores with the browser that measures a page, so
 * a server still busy with its start (scheduled jobs, the first tile index) slows the tasks
 * Lighthouse observes. Linux's /proc counts in ticks of 10 ms (USER_HZ 100).
 */
export async function waitForQuietProcess(
  pid: number,
  { share = 0.1, forMs = 2000, timeoutMs = 60_000 }: QuietOptions = {},
): Promise<{ waitedMs: number; quiet: boolean }> {
  const step = 500;
  const started = Date.now();
  let quietSince = Date.now();
  let before = await cpuTicks(pid);
  while (Date.now() - started < timeoutMs) {
    await sleep(step);
    const now = await cpuTicks(pid);
    const used = ((now - before) * 10) / step;
    before = now;
    if (used > share) quietSince = Date.now();
    else if (Date.now() - quietSince >= forMs)
      return { waitedMs: Date.now() - started, quiet: true };
  }
  return { waitedMs: Date.now() - started, quiet: false };
}
