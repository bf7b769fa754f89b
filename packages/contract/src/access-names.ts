import type { Principal } from './access.js';

/**
 * Names and helpers of access without any schema library, so that the browser's first bundle
 * can use them (the zod schemas are in `access.ts`, which re-exports these).
 */

/** Limits of account fields, shared by the server and the forms. */
export const accessLimits = {
  userNameMax: 64,
  passwordMin: 8,
  passwordMax: 128,
  emailMax: 254,
  nameMax: 100,
  descriptionMax: 500,
  roleNameMax: 64,
  rolesPerCheckMax: 50,
} as const;

/** The role that means "any signed-in user" (DESIGN §5). */
export const WILDCARD_ROLE = '*';

/** Names of the HTTP headers and cookie of SPEC §7 / DESIGN §4. */
export const accessHeaders = {
  token: 'AccessToken',
  xsrfHeader: 'X-XSRF-TOKEN',
  xsrfCookie: 'XSRF-TOKEN',
  accessKey: 'X-Access-Key',
} as const;

/**
 * The name to show for a user (SPEC §2): the description, else given name plus surname,
 * else the user name.
 */
export function displayName(
  user: Pick<Principal, 'name' | 'description' | 'givenName' | 'surname'>,
): string {
  const description = user.description?.trim();
  if (description) return description;
  const full = [user.givenName?.trim(), user.surname?.trim()].filter(Boolean).join(' ');
  return full || user.name;
}
