import type { Principal, Session } from '@geoportal/contract/access';

/**
 * Checks of the contract's `Principal` and `Session` for the browser's first bundle: every
 * page checks the session answers and the user kept in storage, and a schema library there
 * (zod: 19 KB gzipped even as zod/mini) would take an eighth of the page's script budget for
 * two small shapes. session-shapes.test.ts holds these to the contract's zod schemas on the
 * same inputs, so the two cannot drift apart unnoticed.
 */

type Check = (value: unknown) => boolean;

const isString: Check = (value) => typeof value === 'string';
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const arrayOf =
  (check: Check): Check =>
  (value) =>
    Array.isArray(value) && value.every(check);
const optional =
  (check: Check): Check =>
  (value) =>
    value === undefined || check(value);
const objectOf =
  (fields: Record<string, Check>): Check =>
  (value) =>
    isRecord(value) && Object.entries(fields).every(([key, check]) => check(value[key]));

const isAttribute = objectOf({ name: isString, value: arrayOf(isString) });

const principalFields = {
  name: isString,
  email: optional(isString),
  description: optional(isString),
  givenName: optional(isString),
  surname: optional(isString),
  readonly: (value: unknown) => typeof value === 'boolean',
  roles: arrayOf(isString),
  attributes: optional(objectOf({ entry: arrayOf(isAttribute) })),
  mustChangePassword: optional((value: unknown) => typeof value === 'boolean'),
} satisfies Record<keyof Principal, Check>;

const sessionFields = { id: isString, expires: isString } satisfies Record<keyof Session, Check>;

/** Keeps only the known fields, as the contract's schema does with unknown keys. */
function pick<T>(value: Record<string, unknown>, fields: Record<string, Check>): T {
  const result: Record<string, unknown> = {};
  for (const key of Object.keys(fields)) if (value[key] !== undefined) result[key] = value[key];
  return result as T;
}

/** The user if `value` is a valid `Principal`, else null. */
export function asPrincipal(value: unknown): Principal | null {
  return objectOf(principalFields)(value) && isRecord(value)
    ? pick<Principal>(value, principalFields)
    : null;
}

/** The session if `value` is a valid `Session`, else null. */
export function asSession(value: unknown): Session | null {
  return objectOf(sessionFields)(value) && isRecord(value)
    ? pick<Session>(value, sessionFields)
    : null;
}
