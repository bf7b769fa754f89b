import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testClock } from '../../test/access-helpers.js';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app.js';
import { registerAccessPurge } from './access.purge.js';
import { insertAccount } from './access.repository.js';
import { ALL_ADDRESSES } from './login-throttle.repository.js';

const hours = (n: number) => n * 3600 * 1000;

describe.each(testDatabases)(
  'purge of expired sessions and sign-in counters on $name',
  (database) => {
    let t: TestApp;
    const clock = testClock();
    const at = (ms: number) => new Date(clock().getTime() + ms);

    /** Stores sessions and counters, stale and live, and answers the ids of the live ones. */
    async function storeRows(prefix: string) {
      const session = (name: string, created: number, seen: number, expires: number) => ({
        id_hash: `${prefix}-${name}`,
        account_id: 'acc',
        created_at: at(created),
        last_seen_at: at(seen),
        expires_at: at(expires),
      });
      await t.app.db
        .insertInto('session')
        .values([
          session('expired', -hours(13), -hours(1), -hours(1)),
          session('idle', -hours(3), -hours(2) - 1000, hours(9)),
          session('live', -hours(1), -60_000, hours(11)),
        ])
        .execute();
      const throttle = (address: string, windowStart: number, signedIn: number | null) => ({
        name_key: `${prefix}-user`,
        address,
        window_start: at(windowStart),
        attempts: 3,
        signed_in_at: signedIn === null ? null : at(signedIn),
      });
      await t.app.db
        .insertInto('login_throttle')
        .values([
          throttle('10.0.0.1', -hours(1), null),
          throttle('10.0.0.2', -hours(1), -hours(24 * 31)),
          throttle('10.0.0.3', -hours(1), -hours(24 * 29)),
          throttle('10.0.0.4', -60_000, null),
          throttle(ALL_ADDRESSES, -hours(25), null),
        ])
        .execute();
      await t.app.db
        .insertInto('login_throttle')
        .values({ ...throttle(ALL_ADDRESSES, -hours(23), null), name_key: `${prefix}-other` })
        .execute();
    }

    async function remaining(prefix: string) {
      const sessions = await t.app.db
        .selectFrom('session')
        .select('id_hash')
        .where('id_hash', 'like', `${prefix}-%`)
        .execute();
      const throttles = await t.app.db
        .selectFrom('login_throttle')
        .select(['name_key', 'address'])
        .where('name_key', 'like', `${prefix}-%`)
        .orderBy('address')
        .execute();
      return {
        sessions: sessions.map((s) => s.id_hash),
        throttles: throttles.map((r) => `${r.name_key} ${r.address}`).sort(),
      };
    }

    const live = (prefix: string) => ({
      sessions: [`${prefix}-live`],
      throttles: [`${prefix}-other *`, `${prefix}-user 10.0.0.3`, `${prefix}-user 10.0.0.4`],
    });

    beforeAll(async () => {
      t = await createTestApp(database, {}, { clock });
      await insertAccount(t.app.db, { id: 'acc', name: 'acc', passwordHash: null }, clock());
    });
    afterAll(async () => {
      await t.close();
    });

    it('deletes what has expired at start-up and keeps what lives', async () => {
      await storeRows('start');
      await t.app.ready();
      expect(await remaining('start')).toEqual(live('start'));
    });

    it('purges again at every tick until the app closes', async () => {
      const purger = Fastify({ logger: false });
      purger.decorate('db', t.app.db);
      purger.decorate('config', t.app.config);
      purger.decorate('clock', clock);
      registerAccessPurge(purger, { intervalMs: 20 });
      await purger.ready();
      await storeRows('tick');
      await expect.poll(() => remaining('tick'), { timeout: 5000 }).toEqual(live('tick'));
      await purger.close();

      await storeRows('closed');
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect((await remaining('closed')).sessions).toHaveLength(3);
    });
  },
);
