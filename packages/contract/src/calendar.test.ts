import { describe, expect, it } from 'vitest';
import { CalendarInstant, calendarDay, shiftCalendarDay } from './calendar.js';

describe('the calendar every date parameter is read in', () => {
  it('takes real days of the years 1 to 9999 only', () => {
    expect(calendarDay('2024-02-29')).toBe('2024-02-29');
    expect(calendarDay('0001-01-01')).toBe('0001-01-01');
    expect(calendarDay('9999-12-31')).toBe('9999-12-31');
    for (const text of ['0000-01-01', '2023-02-29', '2024-02-30', '2024-13-01', '10000-01-01']) {
      expect(calendarDay(text), text).toBeUndefined();
    }
    expect(calendarDay('2024-05-31T00:00:00Z')).toBeUndefined();
  });

  it('has no day after 9999-12-31 or before 0001-01-01', () => {
    expect(shiftCalendarDay('2024-02-28', 1)).toBe('2024-02-29');
    expect(shiftCalendarDay('9999-12-31', 1)).toBeUndefined();
    expect(shiftCalendarDay('0001-01-01', -1)).toBeUndefined();
  });

  it('judges an instant by its UTC year, whatever its offset', () => {
    expect(CalendarInstant.safeParse('2024-05-31T12:00:00+02:00').success).toBe(true);
    // Midnight of 1 January of year 1 at +14:00 is still year 0 in UTC.
    expect(CalendarInstant.safeParse('0001-01-01T00:00:00+14:00').success).toBe(false);
    expect(CalendarInstant.safeParse('0000-06-01T00:00:00Z').success).toBe(false);
    expect(CalendarInstant.safeParse('9999-12-31T23:00:00-02:00').success).toBe(false);
    expect(CalendarInstant.safeParse('yesterday').error?.issues).toHaveLength(1);
  });
});
