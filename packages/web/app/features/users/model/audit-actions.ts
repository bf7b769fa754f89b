/**
 * The actions the audit log records: users and groups, a user's changes of their own
 * account, and the workflow and access control of records, the control of processes and schedules, and the harvesters. Each has a translation
 * `audit.action.<action>`, and its kind (the part before the dot) one `audit.kind.<kind>`.
 * Kept as a list so the filter offers them by name, grouped by kind.
 */
export const auditActions = [
  'user.create',
  'user.update',
  'user.delete',
  'user.disable',
  'user.enable',
  'user.unlock',
  'user.password_reset',
  'account.password_change',
  'account.profile_change',
  'group.create',
  'group.update',
  'group.delete',
  'group.member_add',
  'group.member_remove',
  'object.create',
  'object.update',
  'object.transition',
  'object.delete',
  'object.access_change',
  'object.access_key_create',
  'object.access_key_revoke',
  'object.owner_change',
  'process.start',
  'process.cancel',
  'process.retry',
  'schedule.create',
  'schedule.update',
  'schedule.delete',
  'harvester.create',
  'harvester.update',
  'harvester.delete',
] as const;

export type AuditAction = (typeof auditActions)[number];

/** The actions by kind, in the order of `auditActions`: the groups of the filter. */
export function actionsByKind(): { kind: string; actions: AuditAction[] }[] {
  const groups = new Map<string, AuditAction[]>();
  for (const action of auditActions) {
    const kind = action.slice(0, action.indexOf('.'));
    groups.set(kind, [...(groups.get(kind) ?? []), action]);
  }
  return [...groups].map(([kind, actions]) => ({ kind, actions }));
}
