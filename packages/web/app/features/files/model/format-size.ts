/** Decimal steps, matching the unit names the browser prints (kB = 1000 bytes, as in SI). */
const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

/**
 * A file size for people, in the page language: `512 Byte`, `1,5 MB`, `2.3 GB`. Bytes are
 * whole; larger units get at most one decimal (three significant digits are plenty to
 * compare files).
 */
export function formatSize(bytes: number, locale: string): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: units[unit],
    unitDisplay: 'short',
    maximumFractionDigits: unit === 0 ? 0 : value < 100 ? 1 : 0,
  }).format(value);
}
