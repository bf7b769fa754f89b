import { PGlite } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { urgently } from './connection-priority.js';
import { PGliteDialect } from './pglite-dialect.js';

/** The embedded database's one connection: handed out in order, urgent statements first. */
describe('PGliteDialect', () => {
  let db: Kysely<unknown>;
  beforeAll(async () => {
    db = new Kysely({ dialect: new PGliteDialect(await PGlite.create()) });
  });
  afterAll(async () => {
    await db.destroy();
  });

  const statement = (name: string, finished: string[], seconds = 0) =>
    sql`select pg_sleep(${seconds})`.execute(db).then(() => {
      finished.push(name);
    });

  it('serves waiters in order, an urgent one ahead of those already waiting', async () => {
    const finished: string[] = [];
    const running = statement('running', finished, 0.2);
    const first = statement('first', finished);
    const second = statement('second', finished);
    const urgent = urgently(() => statement('urgent', finished));
    await Promise.all([running, first, second, urgent]);
    expect(finished).toEqual(['running', 'urgent', 'first', 'second']);
  });

  it('keeps the connection for the next statement of urgent work in a row', async () => {
    const finished: string[] = [];
    const running = statement('running', finished, 0.1);
    const first = statement('first', finished);
    const urgent = urgently(async () => {
      await statement('urgent, first', finished);
      await statement('urgent, second', finished);
    });
    await Promise.all([running, first, urgent]);
    expect(finished).toEqual(['running', 'urgent, first', 'urgent, second', 'first']);
  });

  it('never lets an urgent statement into a transaction in progress', async () => {
    const finished: string[] = [];
    const transaction = db.transaction().execute(async (trx) => {
      await sql`select pg_sleep(0.1)`.execute(trx);
      finished.push('transaction, first statement');
      await sql`select pg_sleep(0.1)`.execute(trx);
      finished.push('transaction, second statement');
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const urgent = urgently(() => statement('urgent', finished));
    await Promise.all([transaction, urgent]);
    expect(finished).toEqual([
      'transaction, first statement',
      'transaction, second statement',
      'urgent',
    ]);
  });

  it('closes only after the last waiter has been served', async () => {
    const other = new Kysely({ dialect: new PGliteDialect(await PGlite.create()) });
    const a = sql`select pg_sleep(0.1)`.execute(other);
    const b = sql`select 1 as one`.execute(other);
    await new Promise((resolve) => setTimeout(resolve, 20)); // a holds the connection, b waits
    await other.destroy();
    await expect(a).resolves.toBeDefined();
    await expect(b).resolves.toMatchObject({ rows: [{ one: 1 }] });
  });
});
