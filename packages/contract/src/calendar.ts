import { z } from 'zod';

/**
 * The years a date may take wherever one is read: 1 to 9999, the range ISO 8601's four-digit
 * years, JavaScript's `toISOString` and PostgreSQL's dates have in common (PostgreSQL has no
 * year 0, and a year 0 or 10000 sent to it ends the request in an error).
 */
export const calendarLimits = { yearMin: 1, yearMax: 9999 } as const;

/** Whether an instant lies in the years 1 to 9999 (UTC). */
export function inCalendarRange(instant: Date): boolean {
  const year = instant.getUTCFullYear();
  return (
    !Number.isNaN(instant.getTime()) &&
    year >= calendarLimits.yearMin &&
    year <= calendarLimits.yearMax
  );
}

/**
 * `YYYY-MM-DD` when the text is exactly a real day of the years 1 to 9999 (not 2024-02-30,
 * not 0000-01-01), else undefined.
 */
export function calendarDay(text: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return undefined;
  const instant = new Date(`${text}T00:00:00Z`);
  if (!inCalendarRange(instant)) return undefined;
  return instant.toISOString().slice(0, 10) === text ? text : undefined;
}

/** The day after or before a calendar day, or undefined beyond the years 1 to 9999. */
export function shiftCalendarDay(day: string, days: number): string | undefined {
  const instant = new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000);
  return inCalendarRange(instant) ? instant.toISOString().slice(0, 10) : undefined;
}

/** An ISO 8601 date-time with offset whose instant lies in the years 1 to 9999. */
export const CalendarInstant = z.iso
  .datetime({ offset: true, abort: true })
  .refine((text) => inCalendarRange(new Date(text)), {
    message: `must lie in the years ${calendarLimits.yearMin} to ${calendarLimits.yearMax}`,
  });
