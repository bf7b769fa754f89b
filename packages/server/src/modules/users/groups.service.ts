import type { Group, GroupCreate, GroupDetail, GroupUpdate } from '@geoportal/contract/users';
import type { z } from 'zod';
import type { Db } from '../../db/database.js';
import { newId } from '../access/session.js';
import { changedFields, writeAudit } from '../audit/audit.service.js';
import { administer, type UsersContext } from './admin-transaction.js';
import * as repo from './groups.repository.js';
import { GroupExistsError, GroupNotFoundError, VersionConflictError } from './users.errors.js';
import { updateUser as bumpUser } from './users.repository.js';
import { checkRoles, loadUser, nameKey } from './users.service.js';

async function loadGroup(db: Db, name: string): Promise<repo.GroupRow> {
  const row = await repo.findGroupRow(db, nameKey(name));
  if (!row) throw new GroupNotFoundError(name);
  return row;
}

function toGroup(row: repo.GroupRow, roles: string[], members: number): Group {
  return {
    name: row.name,
    label: { de: row.label_de, en: row.label_en },
    ...(row.description ? { description: row.description } : {}),
    roles,
    members,
    version: row.version,
  };
}

async function groupDetail(db: Db, row: repo.GroupRow): Promise<GroupDetail> {
  const [roles, memberNames] = await Promise.all([
    repo.rolesOfGroups(db, [row.id]),
    repo.memberNamesOf(db, row.id),
  ]);
  return { ...toGroup(row, roles.get(row.id) ?? [], memberNames.length), memberNames };
}

/** Whether a group of that name exists (harvesters name the group of their records). */
export async function groupExists(db: Db, name: string): Promise<boolean> {
  return (await repo.findGroupRow(db, nameKey(name))) !== undefined;
}

export async function listGroups(ctx: UsersContext): Promise<Group[]> {
  const rows = await repo.listGroupRows(ctx.db);
  const roles = await repo.rolesOfGroups(
    ctx.db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toGroup(row, roles.get(row.id) ?? [], Number(row.members ?? 0)));
}

export async function getGroup(ctx: UsersContext, name: string): Promise<GroupDetail> {
  return groupDetail(ctx.db, await loadGroup(ctx.db, name));
}

const sorted = (list: readonly string[]) => [...new Set(list)].sort();

export async function createGroup(
  ctx: UsersContext,
  input: z.output<typeof GroupCreate>,
): Promise<GroupDetail> {
  return administer(ctx, async (trx, source) => {
    if (await repo.findGroupRow(trx, nameKey(input.name))) throw new GroupExistsError(input.name);
    const roles = sorted(input.roles);
    await checkRoles(trx, roles);
    const id = newId();
    await repo.insertGroup(trx, {
      id,
      name: input.name,
      labelDe: input.label.de || input.name,
      labelEn: input.label.en || input.name,
      description: input.description ?? '',
    });
    await repo.replaceGroupRoles(trx, id, roles);
    const group = await groupDetail(trx, await loadGroup(trx, input.name));
    await writeAudit(trx, source, {
      action: 'group.create',
      targetKind: 'group',
      target: group.name,
      details: changedFields({} as Record<string, unknown>, {
        label: group.label,
        description: group.description,
        roles: group.roles,
      }),
    });
    return group;
  });
}

/** Saves labels, description and roles if nobody saved the group since `version`. */
export async function updateGroup(
  ctx: UsersContext,
  name: string,
  input: GroupUpdate,
): Promise<GroupDetail> {
  return administer(ctx, async (trx, source) => {
    const row = await loadGroup(trx, name);
    const before = await groupDetail(trx, row);
    if (before.version !== input.version) throw new VersionConflictError('group');
    const saved = await repo.updateGroup(
      trx,
      row.id,
      {
        ...(input.label
          ? { label_de: input.label.de || row.name, label_en: input.label.en || row.name }
          : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
      },
      input.version,
    );
    if (!saved) throw new VersionConflictError('group');
    if (input.roles) {
      await checkRoles(trx, input.roles);
      await repo.replaceGroupRoles(trx, row.id, sorted(input.roles));
    }
    const after = await groupDetail(trx, await loadGroup(trx, name));
    const changes = changedFields(
      { label: before.label, description: before.description ?? '', roles: before.roles },
      { label: after.label, description: after.description ?? '', roles: after.roles },
    );
    if (Object.keys(changes).length > 0) {
      await writeAudit(trx, source, {
        action: 'group.update',
        targetKind: 'group',
        target: after.name,
        details: changes,
      });
    }
    return after;
  });
}

/** Deletes the group; its members lose the roles it carried. */
export async function deleteGroup(ctx: UsersContext, name: string): Promise<void> {
  await administer(ctx, async (trx, source) => {
    const row = await loadGroup(trx, name);
    const before = await groupDetail(trx, row);
    await repo.deleteGroup(trx, row.id);
    await writeAudit(trx, source, {
      action: 'group.delete',
      targetKind: 'group',
      target: row.name,
      details: { roles: before.roles, members: before.memberNames },
    });
  });
}

/** Adds (`member` true) or removes the user from the group; doing it twice changes nothing. */
export async function setMembership(
  ctx: UsersContext,
  groupName: string,
  userName: string,
  member: boolean,
): Promise<GroupDetail> {
  return administer(ctx, async (trx, source) => {
    const group = await loadGroup(trx, groupName);
    const user = await loadUser(trx, userName);
    const changed = member
      ? await repo.insertMember(trx, group.id, user.id)
      : await repo.deleteMember(trx, group.id, user.id);
    if (changed) {
      // The user's groups are part of the user, so an open edit form of them is stale now.
      await bumpUser(trx, user.id, {}, ctx.now);
      await writeAudit(trx, source, {
        action: member ? 'group.member_add' : 'group.member_remove',
        targetKind: 'group',
        target: group.name,
        details: { user: user.name },
      });
    }
    return groupDetail(trx, await loadGroup(trx, groupName));
  });
}
