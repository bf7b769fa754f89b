import { afterEach, describe, expect, it } from 'vitest';
import { signIn, withToken } from '../../test/access-helpers.js';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app.js';

describe.each(testDatabases)('seeded accounts on $name', (database) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
  });

  it('a demo database has admin, editor and submitter with their demo passwords and roles', async () => {
    t = await createTestApp(database, { DEMO_DATA: 'true' });
    for (const [name, role] of [
      ['admin', 'administrator'],
      ['editor', 'editor'],
      ['submitter', 'submitter'],
    ] as const) {
      const token = await signIn(t.app, name, `${name}-demo`);
      const principal = (
        await t.app.inject({ url: '/api/v1/access/authorized', headers: withToken(token) })
      ).json();
      expect(principal.roles).toEqual([role]);
    }
  });

  it('without demo data only admin exists, with ADMIN_PASSWORD', async () => {
    t = await createTestApp(database, {
      DEMO_DATA: 'false',
      ADMIN_PASSWORD: 'operator chosen secret',
    });
    const token = await signIn(t.app, 'admin', 'operator chosen secret');
    const principal = (
      await t.app.inject({ url: '/api/v1/access/authorized', headers: withToken(token) })
    ).json();
    expect(principal.roles).toEqual(['administrator']);
    await expect(signIn(t.app, 'editor', 'editor-demo')).rejects.toThrow('401');
    await expect(signIn(t.app, 'admin', 'admin-demo')).rejects.toThrow('401');
  });
});
