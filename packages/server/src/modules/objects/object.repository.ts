import { WILDCARD_ROLE } from '@geoportal/contract/access';
import type { Grant, ObjectListSort, ObjectState } from '@geoportal/contract/object';
import { type ExpressionBuilder, type Insertable, type Selectable, sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Db } from '../../db/database.js';
import type { Database, ObjectGrantTable, ObjectTable } from '../../db/schema.js';
import { type GrantFact, readsEverything, type Viewer } from './policy.js';

/** An object as read, with its owner's name and its state as the workflow knows it. */
export type ObjectRow = Omit<Selectable<ObjectTable>, 'state'> & {
  state: ObjectState;
  owner_name: string;
};

const objectColumns = [
  'object.id',
  'object.type',
  'object.state',
  'object.version',
  'object.owner_id',
  'account.name as owner_name',
  'object.public',
  'object.metadata',
  'object.created_at',
  'object.modified_at',
] as const;

export async function findObject(db: Db, id: string): Promise<ObjectRow | undefined> {
  const row = await db
    .selectFrom('object')
    .innerJoin('account', 'account.id', 'object.owner_id')
    .select(objectColumns)
    .where('object.id', '=', id)
    .executeTakeFirst();
  return row as ObjectRow | undefined;
}

/**
 * The objects with these ids with their grants, in one statement (in no particular order;
 * unknown ids are left out): for read paths that write a page of records at once.
 */
export async function findObjectsWithGrants(
  db: Db,
  ids: readonly string[],
): Promise<(ObjectRow & { grants: GrantFact[] })[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('object')
    .innerJoin('account', 'account.id', 'object.owner_id')
    .select(objectColumns)
    .select((eb) =>
      jsonArrayFrom(
        eb
          .selectFrom('object_grant')
          .leftJoin('account as grantee', 'grantee.id', 'object_grant.account_id')
          .select([
            'object_grant.permission',
            'object_grant.subject_kind',
            sql<string>`coalesce(grantee.name, object_grant.subject_name)`.as('subject_name'),
            'object_grant.account_id',
          ])
          .whereRef('object_grant.object_id', '=', 'object.id'),
      ).as('grants'),
    )
    .where('object.id', 'in', [...ids])
    .execute();
  return rows.map(({ grants, ...row }) => ({
    ...(row as ObjectRow),
    grants: grants.map(toGrant),
  }));
}

/** Inserts objects in one statement. */
export async function insertObjects(
  db: Db,
  rows: readonly {
    id: string;
    type: string;
    state: ObjectState;
    owner_id: string;
    metadata: unknown;
    file_identifier: string | null;
  }[],
  now: Date,
) {
  if (rows.length === 0) return;
  await db
    .insertInto('object')
    .values(
      rows.map((row) => ({
        id: row.id,
        type: row.type,
        state: row.state,
        owner_id: row.owner_id,
        metadata: JSON.stringify(row.metadata),
        created_at: now,
        modified_at: now,
        file_identifier: row.file_identifier,
      })),
    )
    .execute();
}

/**
 * Saves content (and a state) over an object as a new version; with `version` only over
 * that version. Answers whether it was written.
 */
export async function overwriteObject(
  db: Db,
  row: { id: string; type: string; metadata: unknown; state: ObjectState; version?: number },
  now: Date,
): Promise<boolean> {
  let query = db
    .updateTable('object')
    .set((eb) => ({
      type: row.type,
      metadata: JSON.stringify(row.metadata),
      state: row.state,
      modified_at: now,
      version: eb('version', '+', 1),
    }))
    .where('id', '=', row.id);
  if (row.version !== undefined) query = query.where('version', '=', row.version);
  const result = await query.executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Moves objects to a state in one statement. */
export async function setStates(db: Db, ids: readonly string[], state: ObjectState, now: Date) {
  if (ids.length === 0) return;
  await db
    .updateTable('object')
    .set((eb) => ({ state, modified_at: now, version: eb('version', '+', 1) }))
    .where('id', 'in', [...ids])
    .execute();
}

/** Gives every object of `fromId` to `toId`; answers the ids of the moved objects. */
export async function transferOwner(db: Db, fromId: string, toId: string): Promise<string[]> {
  const rows = await db
    .updateTable('object')
    .set({ owner_id: toId })
    .where('owner_id', '=', fromId)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

export async function deleteObjects(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return;
  await db
    .deleteFrom('object')
    .where('id', 'in', [...ids])
    .execute();
}

export async function insertHistoryRows(
  db: Db,
  rows: readonly {
    object_id: string;
    from_state: ObjectState | null;
    to_state: ObjectState;
    actor_name: string;
    at: Date;
    comment: string | null;
  }[],
) {
  if (rows.length === 0) return;
  await db
    .insertInto('object_history')
    .values([...rows])
    .execute();
}

/**
 * Ids of the records an imported file's identifier names: the record whose id it is (our
 * own export) first, then those imported from a file with this identifier, oldest first.
 */
export async function findIdsByFileIdentifier(db: Db, fileIdentifier: string): Promise<string[]> {
  const rows = await db
    .selectFrom('object')
    .select('id')
    .where((eb) =>
      eb.or([eb('id', '=', fileIdentifier), eb('file_identifier', '=', fileIdentifier)]),
    )
    .orderBy(sql`id = ${fileIdentifier}`, 'desc')
    .orderBy('created_at')
    .orderBy('id')
    .limit(20)
    .execute();
  return rows.map((row) => row.id);
}

export async function setObjectPublic(db: Db, id: string, value: boolean) {
  await db.updateTable('object').set({ public: value }).where('id', '=', id).execute();
}

// Grants ----------------------------------------------------------------------------------

/** The grant columns, with the current name of a granted account. */
function selectGrants(db: Db) {
  return db
    .selectFrom('object_grant')
    .leftJoin('account', 'account.id', 'object_grant.account_id')
    .select([
      'object_grant.object_id',
      'object_grant.permission',
      'object_grant.subject_kind',
      sql<string>`coalesce(account.name, object_grant.subject_name)`.as('subject_name'),
      'object_grant.account_id',
    ]);
}

export async function listGrants(db: Db, objectId: string): Promise<GrantFact[]> {
  const rows = await selectGrants(db)
    .where('object_grant.object_id', '=', objectId)
    .orderBy('object_grant.permission')
    .orderBy('object_grant.subject_kind')
    .orderBy('subject_name')
    .execute();
  return rows.map(toGrant);
}

/**
 * A stored grant row as a grant (`subject_name` is empty for everyone); a user grant carries
 * the account it names.
 */
export function toGrant(r: {
  permission: string;
  subject_kind: string;
  subject_name: string;
  account_id?: string | null;
}): GrantFact {
  if (r.subject_kind === 'everyone') {
    return { permission: r.permission, subject: { kind: 'everyone' } } as GrantFact;
  }
  return {
    permission: r.permission,
    subject: { kind: r.subject_kind, name: r.subject_name },
    ...(r.subject_kind === 'user' ? { accountId: r.account_id ?? null } : {}),
  } as GrantFact;
}

/** The accounts of these user names, by lower-cased name; unknown names are absent. */
export async function accountsByName(
  db: Db,
  names: readonly string[],
): Promise<Map<string, { id: string; name: string }>> {
  if (names.length === 0) return new Map();
  const rows = await db
    .selectFrom('account')
    .select(['id', 'name', 'name_key'])
    .where(
      'name_key',
      'in',
      names.map((n) => n.trim().toLowerCase()),
    )
    .execute();
  return new Map(rows.map((r) => [r.name_key, { id: r.id, name: r.name }]));
}

/**
 * Replaces the grants of one object. A user grant is stored with the account of its name
 * (looked up here); a name without an account grants nobody (the service refuses it first).
 */
export async function replaceGrants(db: Db, objectId: string, grants: readonly Grant[]) {
  await db.deleteFrom('object_grant').where('object_id', '=', objectId).execute();
  await insertGrants(
    db,
    grants.map((grant) => ({ objectId, grant })),
  );
}

/** Adds grants to objects (duplicates within the list are written once). */
export async function insertGrants(db: Db, grants: readonly { objectId: string; grant: Grant }[]) {
  if (grants.length === 0) return;
  const accounts = await accountsByName(
    db,
    grants.flatMap(({ grant }) => (grant.subject.kind === 'user' ? [grant.subject.name] : [])),
  );
  const rows = new Map<string, Insertable<ObjectGrantTable>>();
  for (const { objectId, grant } of grants) {
    const name = grant.subject.kind === 'everyone' ? '' : grant.subject.name.trim();
    const account = grant.subject.kind === 'user' ? accounts.get(name.toLowerCase()) : undefined;
    const row = {
      object_id: objectId,
      permission: grant.permission,
      subject_kind: grant.subject.kind,
      subject_name: account?.name ?? name,
      account_id: account?.id ?? null,
    };
    rows.set(`${objectId}|${row.permission}|${row.subject_kind}|${name.toLowerCase()}`, row);
  }
  await db
    .insertInto('object_grant')
    .values([...rows.values()])
    .execute();
}

// History ---------------------------------------------------------------------------------

export async function listHistory(db: Db, objectId: string) {
  return db
    .selectFrom('object_history')
    .select(['from_state', 'to_state', 'actor_name', 'at', 'comment'])
    .where('object_id', '=', objectId)
    .orderBy('id')
    .execute();
}

// Lists through the visibility filter --------------------------------------------------

/**
 * The visibility filter: the SQL form of `can(read)` without keys (DESIGN §5). Everything
 * that lists or counts objects goes through it.
 */
function readableBy(viewer: Viewer) {
  return (eb: ExpressionBuilder<Database, 'object'>) => {
    if (readsEverything(viewer.roles)) {
      return sql<boolean>`true`;
    }
    const grantsFor = (subjects: typeof grantSubjects) =>
      eb.exists(
        eb
          .selectFrom('object_grant')
          .select(sql`1`.as('one'))
          .whereRef('object_grant.object_id', '=', 'object.id')
          .where((g) => g.or(subjects(g, viewer))),
      );
    return eb.or([
      // Public (policy `isPublic`): a grant to everyone counts only on a published record.
      eb.and([
        eb('object.state', '=', 'published'),
        eb.or([eb('object.public', '=', true), grantsFor(everyoneSubject)]),
      ]),
      ...(viewer.accountId ? [eb('object.owner_id', '=', viewer.accountId)] : []),
      grantsFor(grantSubjects),
    ]);
  };
}

/** Grant rows to everyone (the viewer does not matter). */
function everyoneSubject(eb: ExpressionBuilder<Database, 'object_grant'>, _viewer: Viewer) {
  return [eb('object_grant.subject_kind', '=', 'everyone')];
}

/** Grant rows that name the viewer: the user, one of its groups or roles. */
function grantSubjects(eb: ExpressionBuilder<Database, 'object_grant'>, viewer: Viewer) {
  const lower = (column: 'object_grant.subject_name') => eb.fn<string>('lower', [column]);
  return [
    // A user grant names the account, never its name (migration 0023).
    ...(viewer.accountId
      ? [
          eb.and([
            eb('object_grant.subject_kind', '=', 'user'),
            eb('object_grant.account_id', '=', viewer.accountId),
          ]),
        ]
      : []),
    ...(viewer.groups.length > 0
      ? [
          eb.and([
            eb('object_grant.subject_kind', '=', 'group'),
            eb(
              lower('object_grant.subject_name'),
              'in',
              viewer.groups.map((g) => g.toLowerCase()),
            ),
          ]),
        ]
      : []),
    // Signed-in viewers also hold the wildcard role (DESIGN §5: any signed-in user).
    ...(viewer.accountId
      ? [
          eb.and([
            eb('object_grant.subject_kind', '=', 'role'),
            eb('object_grant.subject_name', 'in', [...viewer.roles, WILDCARD_ROLE]),
          ]),
        ]
      : []),
  ];
}

/** The last submission of each listed record: its time and who submitted it. */
function lastSubmission(column: 'at' | 'actor_name') {
  return (eb: ExpressionBuilder<Database, 'object'>) =>
    eb
      .selectFrom('object_history')
      .select(`object_history.${column}`)
      .whereRef('object_history.object_id', '=', 'object.id')
      .where('object_history.to_state', '=', 'submitted')
      .orderBy('object_history.id', 'desc')
      .limit(1);
}

export async function listObjects(
  db: Db,
  viewer: Viewer,
  filter: {
    ownerId?: string;
    ownerName?: string;
    state?: ObjectState;
    sort: ObjectListSort;
    start: number;
    rows: number;
  },
) {
  let query = db
    .selectFrom('object')
    .innerJoin('account', 'account.id', 'object.owner_id')
    .where(readableBy(viewer));
  if (filter.ownerId) query = query.where('object.owner_id', '=', filter.ownerId);
  if (filter.ownerName) {
    const name = filter.ownerName.toLowerCase();
    query = query.where((eb) => eb(eb.fn('lower', ['account.name']), '=', name));
  }
  if (filter.state) query = query.where('object.state', '=', filter.state);
  let page = query
    .select(objectColumns)
    .select((eb) => [
      lastSubmission('at')(eb).as('submitted_at'),
      lastSubmission('actor_name')(eb).as('submitted_by'),
    ]);
  page =
    filter.sort === 'submitted asc'
      ? page
          .orderBy(sql`submitted_at`, (ob) => ob.asc().nullsLast())
          .orderBy('object.modified_at', 'asc')
      : page.orderBy('object.modified_at', filter.sort === 'modified asc' ? 'asc' : 'desc');
  const [count, rows] = await Promise.all([
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    page.orderBy('object.id').offset(filter.start).limit(filter.rows).execute(),
  ]);
  return {
    numFound: count.n,
    rows: rows as Array<ObjectRow & { submitted_at: Date | null; submitted_by: string | null }>,
  };
}
