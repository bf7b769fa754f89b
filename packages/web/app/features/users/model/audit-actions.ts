/**
 * The actions the audit log records for users and groups; each has a translation
 * `audit.action.<action>`. Kept as a list so the filter offers them by name.
 */
export const auditActions = [
  'user.create',
  'user.update',
  'user.delete',
  'user.disable',
  'user.enable',
  'user.unlock',
  'user.password_reset',
  'group.create',
  'group.update',
  'group.delete',
  'group.member_add',
  'group.member_remove',
] as const;
