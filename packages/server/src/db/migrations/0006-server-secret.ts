import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';

/**
 * Keys the server signs with, shared by every process on the database (signed file URLs of
 * the Files issue). A key lives here, never only in one process's memory: a URL signed by one
 * process must verify in another and after a restart. The file-URL key is created here; the
 * service also creates it lazily (insert-if-missing) should the row ever be removed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('server_secret')
    .addColumn('name', 'text', (c) => c.primaryKey())
    // base64url of 32 random bytes.
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db
    .insertInto('server_secret' as never)
    .values({
      name: 'file-url',
      secret: randomBytes(32).toString('base64url'),
      created_at: new Date(),
    } as never)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('server_secret').execute();
}
