import { z } from 'zod';
import { accessLimits } from './access-names.js';

/** Roles that exist from the start (SPEC §1, §6). */
export const builtInRoles = ['administrator', 'editor', 'submitter'] as const;
export type BuiltInRole = (typeof builtInRoles)[number];

export { accessHeaders, accessLimits, displayName, WILDCARD_ROLE } from './access-names.js';
export { UserName } from './user-name.js';

const trimmed = (max: number) => z.string().trim().max(max);

/** `POST /access/authorize` body. */
export const LoginRequest = z
  .object({
    username: z.string().trim().min(1).max(accessLimits.userNameMax),
    password: z.string().min(1).max(accessLimits.passwordMax),
  })
  .meta({ id: 'LoginRequest' });
export type LoginRequest = z.infer<typeof LoginRequest>;

/** `POST /access/authorize` answer: the session id is the access token. */
export const Session = z
  .object({
    id: z.string().describe('Session id; send it as the AccessToken header'),
    expires: z.string().describe('ISO 8601 time at which the session ends at the latest'),
  })
  .meta({ id: 'Session' });
export type Session = z.infer<typeof Session>;

export const Attribute = z.object({ name: z.string(), value: z.array(z.string()) });
export type Attribute = z.infer<typeof Attribute>;

/** `GET /access/authorized`: the signed-in user (SPEC §3). */
export const Principal = z
  .object({
    name: z.string(),
    email: z.string().optional(),
    description: z.string().optional(),
    givenName: z.string().optional(),
    surname: z.string().optional(),
    readonly: z.boolean().describe('True for users with attributes from an external realm'),
    roles: z.array(z.string()),
    attributes: z.object({ entry: z.array(Attribute) }).optional(),
    mustChangePassword: z
      .boolean()
      .optional()
      .describe('True after an administrator set the password: choose a new one first'),
  })
  .meta({ id: 'Principal' });
export type Principal = z.infer<typeof Principal>;

/** `POST /access/isAllowed` body: role names; answers true when the caller holds any. */
export const RoleNames = z
  .array(z.string().min(1).max(accessLimits.roleNameMax))
  .max(accessLimits.rolesPerCheckMax)
  .meta({ id: 'RoleNames' });

/** `GET /access/realms`: where accounts come from; `local` holds password accounts. */
export const Realm = z.object({
  id: z.string(),
  formLogin: z.boolean().describe('Whether this realm signs in with the username/password form'),
});
export const Realms = z.array(Realm).meta({ id: 'Realms' });
export type Realm = z.infer<typeof Realm>;

/** The signed-in user's own editable fields. Empty strings clear a field. */
export const ProfileUpdate = z
  .object({
    givenName: trimmed(accessLimits.nameMax).optional(),
    surname: trimmed(accessLimits.nameMax).optional(),
    email: z.union([z.literal(''), z.email().max(accessLimits.emailMax)]).optional(),
    description: trimmed(accessLimits.descriptionMax).optional(),
  })
  .meta({ id: 'ProfileUpdate' });
export type ProfileUpdate = z.infer<typeof ProfileUpdate>;

/** The profile as read and written by its owner. */
export const Profile = z
  .object({
    name: z.string(),
    givenName: z.string(),
    surname: z.string(),
    email: z.string(),
    description: z.string(),
    readonly: z.boolean(),
    realm: z.string(),
  })
  .meta({ id: 'Profile' });
export type Profile = z.infer<typeof Profile>;

export const PasswordChange = z
  .object({
    currentPassword: z.string().min(1).max(accessLimits.passwordMax),
    newPassword: z.string().min(accessLimits.passwordMin).max(accessLimits.passwordMax),
  })
  .meta({ id: 'PasswordChange' });
export type PasswordChange = z.infer<typeof PasswordChange>;

/**
 * An attribute read by name (SPEC §3): the value itself if there is one, the list if there
 * are several, null if there is none.
 */
export function attributeValue(
  principal: Pick<Principal, 'attributes'>,
  name: string,
): string | string[] | null {
  const values = principal.attributes?.entry.find((e) => e.name === name)?.value ?? [];
  if (values.length === 0) return null;
  return values.length === 1 ? (values[0] as string) : values;
}
