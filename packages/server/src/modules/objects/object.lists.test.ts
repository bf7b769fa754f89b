import { ObjectDetailed, ObjectList } from '@geoportal/contract/object';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, createAccount, signIn, testClock } from '../../test/access-helpers.js';
import { completeMetadata } from '../../test/record-fixtures.js';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app.js';

/**
 * Issue 18.7 and 18.8: the review queue (submitted records, longest waiting first, with who
 * submitted them and when), the list of every record an editor or administrator manages
 * (filtered by state and owner), and comments on submit and publish kept in the history.
 */
describe.each(testDatabases)('record lists for reviewers and managers on $name', (database) => {
  let t: TestApp;
  const clock = testClock();
  const tokens: Record<string, string> = {};
  const ids: Record<string, string> = {};

  const api = (...args: Parameters<ReturnType<typeof apiCaller>>) => apiCaller(t.app)(...args);
  const as = (who: string) => ({ accesstoken: tokens[who] as string });
  const list = async (query: string, who: string) => {
    const res = await api('GET', `/object?rows=100&${query}`, as(who));
    expect(res.statusCode, res.body).toBe(200);
    return ObjectList.parse(res.json());
  };
  const step = async (id: string, who: string, state: string, comment?: string) => {
    const res = await api('PUT', `/object/${id}/state`, as(who), {
      state,
      ...(comment ? { comment } : {}),
    });
    expect(res.statusCode, res.body).toBe(200);
    return ObjectDetailed.parse(res.json());
  };

  beforeAll(async () => {
    t = await createTestApp(database, {}, { clock });
    for (const [name, role] of [
      ['anna', 'submitter'],
      ['bert', 'submitter'],
      ['ed', 'editor'],
      ['chief', 'administrator'],
    ] as const) {
      await createAccount(t.app, name, `${name} password 1`, { role });
      tokens[name] = await signIn(t.app, name, `${name} password 1`);
    }
    // Anna submits "late" after Bert's "early"; "later" was changed after being submitted.
    for (const [key, owner] of [
      ['late', 'anna'],
      ['early', 'bert'],
      ['draft', 'anna'],
      ['published', 'bert'],
    ] as const) {
      const res = await api('POST', '/object', as(owner), {
        metadata: completeMetadata({ title: { de: `Liste ${key}` } }),
      });
      ids[key] = res.json().id;
    }
    await step(ids.early as string, 'bert', 'submitted');
    clock.advance(60);
    await step(ids.published as string, 'bert', 'submitted');
    await step(ids.published as string, 'ed', 'published');
    clock.advance(60);
    await step(ids.late as string, 'anna', 'submitted', 'Bitte die Lizenz prüfen');
    clock.advance(60);
    // An editor's change to the early submission makes it the last changed, not the last submitted.
    const early = (await api('GET', `/object/${ids.early}`, as('ed'))).json();
    const saved = await api('PUT', '/object', as('ed'), {
      id: early.id,
      version: early.version,
      metadata: { ...early.metadata, title: { de: 'Liste early (korrigiert)' } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  it('lists the review queue longest waiting first, with who submitted it and when', async () => {
    const queue = await list('state=submitted&sort=submitted%20asc', 'ed');
    expect(queue.docs.map((d) => d.id)).toEqual([ids.early, ids.late]);
    expect(queue.docs[0]?.submitted).toEqual({ at: '2026-01-15T10:00:00.000Z', by: 'bert' });
    expect(queue.docs[1]?.submitted).toEqual({ at: '2026-01-15T10:02:00.000Z', by: 'anna' });
    expect(queue.docs.map((d) => d.owner)).toEqual(['bert', 'anna']);
    // The default order is the last change first, so the corrected early one leads.
    const changed = await list('state=submitted', 'ed');
    expect(changed.docs.map((d) => d.id)).toEqual([ids.early, ids.late]);
    const oldest = await list('state=submitted&sort=modified%20asc', 'ed');
    expect(oldest.docs.map((d) => d.id)).toEqual([ids.late, ids.early]);
    // Records not waiting for review carry no submission.
    const all = await list('', 'ed');
    expect(all.docs.find((d) => d.id === ids.published)?.submitted).toBeUndefined();
  });

  it('lists every record to editors and administrators, filtered by state and owner', async () => {
    for (const who of ['ed', 'chief']) {
      const all = await list('', who);
      expect(all.docs.map((d) => d.id).sort()).toEqual(Object.values(ids).sort());
      const annas = await list('ownerName=Anna', who);
      expect(annas.docs.map((d) => d.id).sort()).toEqual([ids.draft, ids.late].sort());
      const annasDrafts = await list('ownerName=anna&state=draft', who);
      expect(annasDrafts.docs.map((d) => d.id)).toEqual([ids.draft]);
      expect((await list('ownerName=nobody', who)).numFound).toBe(0);
    }
  });

  it('keeps the owner filter inside the visibility filter for everyone else', async () => {
    // Bert reads Anna's records only where they are public: none of them is.
    expect((await list('ownerName=anna', 'bert')).numFound).toBe(0);
    const visitor = await api('GET', '/object?ownerName=anna');
    expect(visitor.json().numFound).toBe(0);
    expect((await list('ownerName=bert', 'anna')).docs.map((d) => d.id)).toEqual([ids.published]);
    expect((await api('GET', '/object?ownerName=a%20b', as('ed'))).statusCode).toBe(400);
    expect((await api('GET', '/object?sort=title', as('ed'))).statusCode).toBe(400);
  });

  it('keeps the comments of submit and publish in the history', async () => {
    const published = await step(ids.late as string, 'ed', 'published', 'Geprüft, danke');
    expect(published.history.map((h) => [h.to, h.by, h.comment])).toEqual([
      ['draft', 'anna', undefined],
      ['submitted', 'anna', 'Bitte die Lizenz prüfen'],
      ['published', 'ed', 'Geprüft, danke'],
    ]);
  });
});
