import { z } from 'zod';
import { accessLimits, UserName } from './access.js';
import { CalendarInstant } from './calendar.js';

/**
 * Administration of users, groups, roles and the audit log (`/users`, `/groups`, `/roles`,
 * `/audit`; administrators only).
 */

export const usersLimits = {
  listRowsMax: 200,
  groupLabelMax: 100,
  groupNameMax: 64,
  auditRowsMax: 200,
  queryMax: 100,
} as const;

const trimmed = (max: number) => z.string().trim().max(max);
const Email = z.union([z.literal(''), z.email().max(accessLimits.emailMax)]);
const RoleName = z.string().trim().min(1).max(accessLimits.roleNameMax);
const Flag = z.enum(['true', 'false']).transform((v) => v === 'true');

/** A user as administrators see it. Never carries a password or its hash. */
export const User = z
  .object({
    name: z.string(),
    email: z.string().optional(),
    givenName: z.string().optional(),
    surname: z.string().optional(),
    description: z.string().optional(),
    realm: z.string(),
    readonly: z.boolean().describe('Managed elsewhere: only roles, groups and disabled change'),
    disabled: z.boolean(),
    locked: z.boolean().describe('Sign-in is held back after failed password checks'),
    mustChangePassword: z.boolean(),
    roles: z.array(z.string()).describe('Roles granted directly'),
    groups: z.array(z.string()),
    effectiveRoles: z.array(z.string()).describe('Direct roles and those of the groups'),
    created: z.string(),
    lastLogin: z.string().optional(),
    version: z.number().int().describe('Send it back with PUT; another save in between is 409'),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof User>;

/** `GET /users/{name}`: a user with the number of records they own. */
export const UserDetail = User.extend({
  ownedRecords: z.number().int().describe('Records a successor must receive before deletion'),
}).meta({ id: 'UserDetail' });
export type UserDetail = z.infer<typeof UserDetail>;

export const userSortFields = ['name', 'email', 'created', 'lastLogin'] as const;

/** `GET /users` query. `q` matches name, given name, surname and e-mail anywhere. */
export const UserListQuery = z.object({
  q: trimmed(usersLimits.queryMax).optional(),
  start: z.coerce.number().int().min(0).max(1_000_000).default(0),
  rows: z.coerce.number().int().min(1).max(usersLimits.listRowsMax).default(20),
  sort: z
    .enum([...userSortFields, ...userSortFields.map((f) => `-${f}` as const)])
    .default('name')
    .describe('A field; a leading minus sorts descending'),
  group: z.string().max(usersLimits.groupNameMax).optional(),
  role: z.string().max(accessLimits.roleNameMax).optional(),
  disabled: Flag.optional(),
});
/** A query as a client writes it: every field may be left out. */
export type UserListQuery = Partial<z.output<typeof UserListQuery>>;

export const UserList = z
  .object({
    numFound: z.number().int(),
    start: z.number().int(),
    rows: z.number().int(),
    docs: z.array(User),
  })
  .meta({ id: 'UserList' });
export type UserList = z.infer<typeof UserList>;

const editableFields = {
  email: Email.optional(),
  givenName: trimmed(accessLimits.nameMax).optional(),
  surname: trimmed(accessLimits.nameMax).optional(),
  description: trimmed(accessLimits.descriptionMax).optional(),
};

/** `POST /users`. */
export const UserCreate = z
  .object({
    name: UserName,
    password: z.string().min(accessLimits.passwordMin).max(accessLimits.passwordMax),
    ...editableFields,
    mustChangePassword: z
      .boolean()
      .default(true)
      .describe('Ask for a new password at the next sign-in (default: yes)'),
    roles: z.array(RoleName).max(50).optional(),
    groups: z.array(z.string().min(1).max(usersLimits.groupNameMax)).max(100).optional(),
  })
  .meta({ id: 'UserCreate' });
export type UserCreate = z.input<typeof UserCreate>;

/** `PUT /users/{name}`: fields left out stay as they are. */
export const UserUpdate = z
  .object({
    version: z.number().int().min(1),
    ...editableFields,
    roles: z.array(RoleName).max(50).optional(),
    groups: z.array(z.string().min(1).max(usersLimits.groupNameMax)).max(100).optional(),
  })
  .meta({ id: 'UserUpdate' });
export type UserUpdate = z.infer<typeof UserUpdate>;

export const UserNameParams = z.object({ name: z.string().min(1).max(accessLimits.userNameMax) });

export const UserDeleteQuery = z.object({
  successor: z
    .string()
    .min(1)
    .max(accessLimits.userNameMax)
    .optional()
    .describe('Receives the records of the deleted user'),
});

/** `PUT /users/{name}/password` body; without `password` the server makes one up. */
export const PasswordReset = z
  .object({
    password: z.string().min(accessLimits.passwordMin).max(accessLimits.passwordMax).optional(),
  })
  .meta({ id: 'PasswordReset' });

/** The temporary password: shown once, never stored readable. */
export const TemporaryPassword = z
  .object({ password: z.string() })
  .meta({ id: 'TemporaryPassword' });
export type TemporaryPassword = z.infer<typeof TemporaryPassword>;

// Groups ---------------------------------------------------------------------------------

export const GroupName = z
  .string()
  .trim()
  .min(1)
  .max(usersLimits.groupNameMax)
  .regex(/^[\p{L}\p{N}._ -]+$/u, 'may contain letters, digits, spaces and . _ - only');

export const GroupLabel = z.object({
  de: trimmed(usersLimits.groupLabelMax),
  en: trimmed(usersLimits.groupLabelMax),
});

export const Group = z
  .object({
    name: z.string(),
    label: GroupLabel,
    description: z.string().optional(),
    roles: z.array(z.string()),
    members: z.number().int().describe('How many users belong to the group'),
    version: z.number().int(),
  })
  .meta({ id: 'Group' });
export type Group = z.infer<typeof Group>;

export const GroupDetail = Group.extend({ memberNames: z.array(z.string()) }).meta({
  id: 'GroupDetail',
});
export type GroupDetail = z.infer<typeof GroupDetail>;

export const GroupList = z.array(Group).meta({ id: 'GroupList' });

export const GroupCreate = z
  .object({
    name: GroupName,
    label: GroupLabel,
    description: trimmed(accessLimits.descriptionMax).optional(),
    roles: z.array(RoleName).max(50).default([]),
  })
  .meta({ id: 'GroupCreate' });
export type GroupCreate = z.input<typeof GroupCreate>;

export const GroupUpdate = z
  .object({
    version: z.number().int().min(1),
    label: GroupLabel.optional(),
    description: trimmed(accessLimits.descriptionMax).optional(),
    roles: z.array(RoleName).max(50).optional(),
  })
  .meta({ id: 'GroupUpdate' });
export type GroupUpdate = z.infer<typeof GroupUpdate>;

export const GroupNameParams = z.object({ name: z.string().min(1).max(usersLimits.groupNameMax) });
export const GroupMemberParams = GroupNameParams.extend({
  user: z.string().min(1).max(accessLimits.userNameMax),
});

export const Role = z.object({ name: z.string(), description: z.string() });
export const RoleList = z.array(Role).meta({ id: 'RoleList' });
export type Role = z.infer<typeof Role>;

// Audit ----------------------------------------------------------------------------------

export const auditTargetKinds = ['user', 'group', 'object'] as const;

export const AuditEntry = z
  .object({
    id: z.number().int(),
    at: z.string(),
    actor: z.string(),
    action: z.string().describe('e.g. user.create, group.member_add, object.transition'),
    targetKind: z.string(),
    target: z.string(),
    details: z.record(z.string(), z.unknown()).describe('Before and after of changed fields'),
    requestId: z.string(),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditQuery = z.object({
  actor: z.string().max(accessLimits.userNameMax).optional(),
  action: z.string().max(64).optional(),
  target: z.string().max(200).optional(),
  from: CalendarInstant.optional(),
  to: CalendarInstant.optional(),
  start: z.coerce.number().int().min(0).max(1_000_000).default(0),
  rows: z.coerce.number().int().min(1).max(usersLimits.auditRowsMax).default(50),
});
export type AuditQuery = Partial<z.output<typeof AuditQuery>>;

export const AuditList = z
  .object({
    numFound: z.number().int(),
    start: z.number().int(),
    rows: z.number().int(),
    docs: z.array(AuditEntry),
  })
  .meta({ id: 'AuditList' });
export type AuditList = z.infer<typeof AuditList>;
