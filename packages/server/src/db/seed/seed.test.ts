import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app.js';
import type { Db } from '../database.js';
import { DATABASE_CREATED, DEMO_DATABASE, seedDatabase } from './seed.js';
import { listSeedSteps } from './seed.repository.js';
import type { SeedStep } from './seed-step.js';

const silent = { info() {}, warn() {} };

function countingStep(name: string, counter: { runs: number }): SeedStep {
  return {
    name,
    async apply() {
      counter.runs += 1;
    },
  };
}

describe.each(testDatabases)('demo seed hook on $name', (database) => {
  describe('a database created with demo data', () => {
    let t: TestApp;
    beforeAll(async () => {
      // The app's own start-up (DEMO_DATA=true) decides that this is a demo database.
      t = await createTestApp(database, { DEMO_DATA: 'true' });
    });
    afterAll(async () => {
      await t.close();
    });

    it('was marked as new and as a demo database by the start-up', async () => {
      const names = (await listSeedSteps(t.app.db)).map((s) => s.name);
      expect(names).toEqual(expect.arrayContaining([DATABASE_CREATED, DEMO_DATABASE]));
    });

    it('applies each step once, also steps added by a later version', async () => {
      const first = { runs: 0 };
      const later = { runs: 0 };
      const steps = [countingStep('demo-a', first)];
      const again = await seedDatabase(t.app.db, { demoData: true, log: silent, steps });
      expect(again).toEqual({ fresh: false, applied: ['demo-a'], demo: true });
      await seedDatabase(t.app.db, { demoData: true, log: silent, steps });
      const upgraded = [...steps, countingStep('demo-b', later)];
      const result = await seedDatabase(t.app.db, { demoData: true, log: silent, steps: upgraded });
      expect(result.applied).toEqual(['demo-b']);
      expect(first.runs).toBe(1);
      expect(later.runs).toBe(1);
    });

    it('applies nothing while DEMO_DATA is switched off', async () => {
      const counter = { runs: 0 };
      const steps = [countingStep('demo-c', counter)];
      await seedDatabase(t.app.db, { demoData: false, log: silent, steps });
      expect(counter.runs).toBe(0);
    });

    it('leaves no trace of a step that failed, so it runs again next start', async () => {
      const failing: SeedStep = {
        name: 'demo-failing',
        async apply(db: Db) {
          await db.insertInto('seed_run').values({ name: 'demo-partial-write' }).execute();
          throw new Error('disk full');
        },
      };
      await expect(
        seedDatabase(t.app.db, { demoData: true, log: silent, steps: [failing] }),
      ).rejects.toThrow('disk full');
      const names = (await listSeedSteps(t.app.db)).map((s) => s.name);
      expect(names).not.toContain('demo-failing');
      expect(names).not.toContain('demo-partial-write');
    });
  });

  describe('a database created without demo data', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(database, { DEMO_DATA: 'false' });
    });
    afterAll(async () => {
      await t.close();
    });

    it('never receives demo steps, even when DEMO_DATA is switched on later', async () => {
      const counter = { runs: 0 };
      const result = await seedDatabase(t.app.db, {
        demoData: true,
        log: silent,
        steps: [countingStep('demo-a', counter)],
      });
      expect(result).toEqual({ fresh: false, applied: [], demo: false });
      expect(counter.runs).toBe(0);
      const names = (await listSeedSteps(t.app.db)).map((s) => s.name);
      expect(names.sort()).toEqual(['bootstrap-admin', DATABASE_CREATED]);
    });
  });
});
