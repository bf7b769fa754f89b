import { WILDCARD_ROLE } from '@geoportal/contract/access';
import type { Grant, ObjectListSort, ObjectState } from '@geoportal/contract/object';
import { type ExpressionBuilder, type Selectable, sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Db } from '../../db/database.js';
import type { Database, ObjectTable } from '../../db/schema.js';
import { readsEverything, type Viewer } from './policy.js';

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

/** The objects with these ids (in no particular order); unknown ids are left out. */
export async function findObjects(db: Db, ids: readonly string[]): Promise<ObjectRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('object')
    .innerJoin('account', 'account.id', 'object.owner_id')
    .select(objectColumns)
    .where('object.id', 'in', [...ids])
    .execute();
  return rows as ObjectRow[];
}

/**
 * The objects with these ids with their grants, in one statement (in no particular order;
 * unknown ids are left out): for read paths that write a page of records at once.
 */
export async function findObjectsWithGrants(
  db: Db,
  ids: readonly string[],
): Promise<(ObjectRow & { grants: Grant[] })[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('object')
    .innerJoin('account', 'account.id', 'object.owner_id')
    .select(objectColumns)
    .select((eb) =>
      jsonArrayFrom(
        eb
          .selectFrom('object_grant')
          .select(['permission', 'subject_kind', 'subject_name'])
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

export async function insertObject(
  db: Db,
  row: {
    id: string;
    type: string;
    owner_id: string;
    metadata: unknown;
    now: Date;
    file_identifier?: string | null;
  },
) {
  await db
    .insertInto('object')
    .values({
      id: row.id,
      type: row.type,
      state: 'draft',
      owner_id: row.owner_id,
      metadata: JSON.stringify(row.metadata),
      created_at: row.now,
      modified_at: row.now,
      file_identifier: row.file_identifier ?? null,
    })
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

/**
 * Saves a new record over `version`; answers false when the stored version is another one
 * (someone saved in between), in which case nothing is written.
 */
export async function updateObjectIfVersion(
  db: Db,
  update: { id: string; version: number; type: string; metadata: unknown; now: Date },
): Promise<boolean> {
  const result = await db
    .updateTable('object')
    .set((eb) => ({
      type: update.type,
      metadata: JSON.stringify(update.metadata),
      modified_at: update.now,
      version: eb('version', '+', 1),
    }))
    .where('id', '=', update.id)
    .where('version', '=', update.version)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function updateObjectState(db: Db, id: string, state: ObjectState, now: Date) {
  await db
    .updateTable('object')
    .set((eb) => ({ state, modified_at: now, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

export async function deleteObject(db: Db, id: string) {
  await db.deleteFrom('object').where('id', '=', id).execute();
}

export async function setObjectPublic(db: Db, id: string, value: boolean) {
  await db.updateTable('object').set({ public: value }).where('id', '=', id).execute();
}

// Grants ----------------------------------------------------------------------------------

export async function listGrants(db: Db, objectId: string): Promise<Grant[]> {
  const rows = await db
    .selectFrom('object_grant')
    .select(['permission', 'subject_kind', 'subject_name'])
    .where('object_id', '=', objectId)
    .orderBy('permission')
    .orderBy('subject_kind')
    .orderBy('subject_name')
    .execute();
  return rows.map(toGrant);
}

/** A stored grant row as a grant (`subject_name` is empty for everyone). */
function toGrant(r: { permission: string; subject_kind: string; subject_name: string }): Grant {
  return {
    permission: r.permission,
    subject:
      r.subject_kind === 'everyone'
        ? { kind: 'everyone' }
        : { kind: r.subject_kind, name: r.subject_name },
  } as Grant;
}

/** The grants of several objects, by object id (objects without grants are absent). */
export async function listGrantsOf(
  db: Db,
  objectIds: readonly string[],
): Promise<Map<string, Grant[]>> {
  const byObject = new Map<string, Grant[]>();
  if (objectIds.length === 0) return byObject;
  const rows = await db
    .selectFrom('object_grant')
    .select(['object_id', 'permission', 'subject_kind', 'subject_name'])
    .where('object_id', 'in', [...objectIds])
    .execute();
  for (const r of rows) {
    byObject.set(r.object_id, [...(byObject.get(r.object_id) ?? []), toGrant(r)]);
  }
  return byObject;
}

export async function replaceGrants(db: Db, objectId: string, grants: readonly Grant[]) {
  await db.deleteFrom('object_grant').where('object_id', '=', objectId).execute();
  if (grants.length === 0) return;
  const rows = new Map<
    string,
    { object_id: string; permission: string; subject_kind: string; subject_name: string }
  >();
  for (const g of grants) {
    const name = g.subject.kind === 'everyone' ? '' : g.subject.name.trim();
    const row = {
      object_id: objectId,
      permission: g.permission,
      subject_kind: g.subject.kind,
      subject_name: name,
    };
    rows.set(`${row.permission}|${row.subject_kind}|${row.subject_name.toLowerCase()}`, row);
  }
  await db
    .insertInto('object_grant')
    .values([...rows.values()])
    .execute();
}

// History ---------------------------------------------------------------------------------

export async function insertHistory(
  db: Db,
  entry: {
    object_id: string;
    from_state: ObjectState | null;
    to_state: ObjectState;
    actor_name: string;
    at: Date;
    comment: string | null;
  },
) {
  await db.insertInto('object_history').values(entry).execute();
}

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
    ...(viewer.name
      ? [
          eb.and([
            eb('object_grant.subject_kind', '=', 'user'),
            eb(lower('object_grant.subject_name'), '=', viewer.name.toLowerCase()),
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
