import { Cron } from 'croner';
// All locales in one module: the two product languages share one instance of the library
// (its per-locale modules register on a shared global, which bundlers may duplicate).
import cronstrue from 'cronstrue/i18n.js';

/** What the schedule field says under itself: the expression in words and its next runs. */
export type CronHint =
  | { kind: 'empty' }
  | { kind: 'invalid' }
  | { kind: 'valid'; words: string; next: Date[] };

/**
 * Reads a cron expression as the server will: croner with UTC (the processes' schedules,
 * `process-schedules.ts`), so "valid" here means the server accepts it. The words come from
 * cronstrue in the page language; the times they name are UTC, the next runs are instants.
 */
export function cronHint(expression: string, locale: string, now = new Date()): CronHint {
  const cron = expression.trim();
  if (!cron) return { kind: 'empty' };
  let next: Date[];
  try {
    next = new Cron(cron, { paused: true, timezone: 'UTC' }).nextRuns(2, now);
  } catch {
    return { kind: 'invalid' };
  }
  let words: string;
  try {
    words = cronstrue.toString(cron, {
      locale: locale === 'de' ? 'de' : 'en',
      use24HourTimeFormat: true,
      throwExceptionOnParseError: true,
    });
  } catch {
    // croner accepts a few forms cronstrue does not know (e.g. `L` in some fields): the
    // expression still runs, it only has no words.
    words = cron;
  }
  return { kind: 'valid', words, next };
}
