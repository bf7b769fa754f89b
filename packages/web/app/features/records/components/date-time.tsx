import { FormattedDate } from 'react-intl';

/**
 * The product's time zone for dates on pages. The server and the browser must render the
 * same text (hydration), and the catalogue's users and records are in Germany (DESIGN §1).
 */
export const PAGE_TIME_ZONE = 'Europe/Berlin';

/** A point in time as a `<time>` element, e.g. "21.11.2026, 10:07". */
export function DateTime({ value, dateOnly = false }: { value: string; dateOnly?: boolean }) {
  return (
    <time dateTime={value}>
      <FormattedDate
        value={value}
        dateStyle="medium"
        timeStyle={dateOnly ? undefined : 'short'}
        timeZone={PAGE_TIME_ZONE}
      />
    </time>
  );
}

/**
 * A calendar date of a record (`YYYY-MM-DD`) as a `<time>` element, e.g. "21.11.2026" or
 * "Nov 21, 2026". Formatted in UTC, where the date string is midnight, so no time zone can
 * move it to the day before.
 */
export function CalendarDate({ value }: { value: string }) {
  return (
    <time dateTime={value}>
      <FormattedDate value={value} dateStyle="medium" timeZone="UTC" />
    </time>
  );
}
