import type { AuditEntry } from '@geoportal/contract/users';

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * The details of an entry as short lines: "field: before → after" for a changed field,
 * "field + item" / "field − item" for what a list gained and lost (the grants of a record,
 * where that says more than the whole lists before and after), "field: value" otherwise.
 */
export function detailLines(entry: Pick<AuditEntry, 'details'>): string[] {
  return Object.entries(entry.details).flatMap(([field, value]) => {
    if (isObject(value) && Array.isArray(value.added) && Array.isArray(value.removed)) {
      return [
        ...value.added.map((item) => `${field} + ${JSON.stringify(item)}`),
        ...value.removed.map((item) => `${field} − ${JSON.stringify(item)}`),
      ];
    }
    if (isObject(value) && 'after' in value) {
      return [`${field}: ${JSON.stringify(value.before ?? null)} → ${JSON.stringify(value.after)}`];
    }
    return [`${field}: ${JSON.stringify(value)}`];
  });
}
