import type { Db } from '../../db/database.js';

/** The stored secret of `name` (base64url), if any. */
export async function findSecret(db: Db, name: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('server_secret')
    .select('secret')
    .where('name', '=', name)
    .executeTakeFirst();
  return row?.secret;
}

/**
 * Stores `secret` under `name` unless a secret of that name exists; concurrent processes
 * thereby agree on the first one written.
 */
export async function insertSecretIfMissing(db: Db, name: string, secret: string, now: Date) {
  await db
    .insertInto('server_secret')
    .values({ name, secret, created_at: now })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}
