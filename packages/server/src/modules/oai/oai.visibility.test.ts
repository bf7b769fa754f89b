import { objectStates } from '@geoportal/contract/object';
import { propertyRuns } from '@geoportal/contract/testing/property-runs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, testClock, withToken } from '../../test/access-helpers.js';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app.js';
import { DCAT, ofType, parseTurtle } from '../dcat/dcat.test-helpers.js';
import { createRecord, searchAccounts, type Tokens } from '../search/search.test-helpers.js';
import { readSitemap } from '../sitemap/sitemap.test-helpers.js';
import { harvest, type RecordRead } from './oai.test-helpers.js';

/**
 * The visibility property of the OAI-PMH interface (DESIGN §5, issue 24): after any sequence
 * of workflow steps, access changes and deletions through the API, a harvest answers exactly
 * the records that are public now with their content, exactly the records that were public
 * once and are not now as deleted headers without content, and nothing else. The model
 * below states the rule on its own (DESIGN §5: public = published and public flag or a
 * grant to everyone), not through the code under test.
 *
 * The sitemap for search engines is held to the same rule: it lists exactly the records that
 * are public now.
 * The DCAT-AP.de catalogue is held to the same rule for visitors (exactly the public records),
 * and shows the owner, who sends an AccessToken, their own records in every state.
 *
 * And incrementally: a harvester that harvested before the steps and then harvests from that
 * harvest's responseDate holds the same — so every change of visibility carries the time it
 * happened, not an older one (a missing trace would leave the harvester with a stale copy).
 */

const RECORDS = 3;
const operations = [
  'submit',
  'publish',
  'withdraw',
  'redraft',
  'hide',
  'show',
  'grantEveryone',
  'revokeEveryone',
  'delete',
] as const;
type Operation = (typeof operations)[number];

interface Model {
  exists: boolean;
  state: 'draft' | 'submitted' | 'published' | 'withdrawn';
  publicFlag: boolean;
  everyone: boolean;
  everPublic: boolean;
}

const isPublicNow = (m: Model) =>
  m.exists && m.state === 'published' && (m.publicFlag || m.everyone);

/** Whether the API allows the step now, and the model after it. */
function apply(m: Model, op: Operation): Model | undefined {
  if (!m.exists) return undefined;
  const next = (change: Partial<Model>) => {
    const after = { ...m, ...change };
    return { ...after, everPublic: m.everPublic || isPublicNow(after) };
  };
  switch (op) {
    case 'submit':
      return m.state === 'draft' ? next({ state: 'submitted' }) : undefined;
    case 'publish':
      return m.state === 'submitted' ? next({ state: 'published' }) : undefined;
    case 'withdraw':
      return m.state === 'published' ? next({ state: 'withdrawn' }) : undefined;
    case 'redraft':
      return m.state === 'submitted' || m.state === 'withdrawn'
        ? next({ state: 'draft' })
        : undefined;
    case 'hide':
    case 'show':
      // A grant to everyone may only be sent for a published record; elsewhere it is dropped.
      return next({ publicFlag: op === 'show', everyone: m.state === 'published' && m.everyone });
    case 'grantEveryone':
      return m.state === 'published' ? next({ everyone: true }) : undefined;
    case 'revokeEveryone':
      return next({ everyone: false });
    case 'delete':
      return next({ exists: false });
  }
}

const scenarioArb = fc.record({
  /** Each record's state before the steps (reached through the workflow). */
  start: fc.array(fc.constantFrom(...objectStates), { minLength: RECORDS, maxLength: RECORDS }),
  steps: fc.array(fc.record({ record: fc.nat(RECORDS - 1), op: fc.constantFrom(...operations) }), {
    minLength: 1,
    maxLength: 12,
  }),
});

describe.each(testDatabases)('OAI-PMH and DCAT-AP.de visibility property on $name', (database) => {
  let t: TestApp;
  let tokens: Tokens;
  const clock = testClock();

  beforeAll(async () => {
    t = await createTestApp(
      database,
      { OAI_REPOSITORY_IDENTIFIER: 'geoportal.example.org' },
      { clock },
    );
    tokens = await searchAccounts(t.app);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  async function perform(id: string, model: Model, op: Operation) {
    const api = apiCaller(t.app);
    const owner = withToken(tokens.owner);
    const editor = withToken(tokens.editor);
    const everyone = [{ permission: 'read', subject: { kind: 'everyone' } }];
    const res = await (() => {
      switch (op) {
        case 'submit':
          return api('PUT', `/object/${id}/state`, owner, { state: 'submitted' });
        case 'publish':
        case 'withdraw':
          return api('PUT', `/object/${id}/state`, editor, {
            state: op === 'publish' ? 'published' : 'withdrawn',
          });
        case 'redraft':
          return api('PUT', `/object/${id}/state`, editor, { state: 'draft', comment: 'Zurück' });
        case 'hide':
        case 'show':
          return api('POST', `/object/${id}/accessControl`, owner, {
            public: op === 'show',
            grants: model.state === 'published' && model.everyone ? everyone : [],
          });
        case 'grantEveryone':
        case 'revokeEveryone':
          return api('POST', `/object/${id}/accessControl`, owner, {
            public: model.publicFlag,
            grants: op === 'grantEveryone' ? everyone : [],
          });
        case 'delete':
          return api('DELETE', `/object/${id}`, editor);
      }
    })();
    if (res.statusCode >= 300) throw new Error(`${op}: ${res.statusCode} ${res.body}`);
  }

  it('harvests exactly the public records, and those that stopped being public as deleted', async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArb, async (scenario) => {
        await t.app.db.deleteFrom('object').execute();
        await t.app.db.deleteFrom('oai_visibility_change').execute();
        clock.advance(60);
        const ids: string[] = [];
        const models: Model[] = [];
        for (const [i, state] of scenario.start.entries()) {
          ids.push(await createRecord(t.app, tokens, { title: { de: `Sichtprobe ${i}` } }, state));
          models.push({
            exists: true,
            state,
            publicFlag: true,
            everyone: false,
            everPublic: state === 'published' || state === 'withdrawn',
          });
        }
        clock.advance(60);
        const before = await harvest(t.app, { verb: 'ListRecords', metadataPrefix: 'oai_dc' });
        for (const { record, op } of scenario.steps) {
          const after = apply(models[record] as Model, op);
          if (!after) continue;
          clock.advance(1);
          await perform(ids[record] as string, models[record] as Model, op);
          models[record] = after;
        }
        clock.advance(1);

        const { records, pages } = await harvest(t.app, {
          verb: 'ListRecords',
          metadataPrefix: 'oai_dc',
        });
        const incremental = await harvest(t.app, {
          verb: 'ListRecords',
          metadataPrefix: 'oai_dc',
          from: before.responseDate,
        });
        const held = new Map<string, RecordRead>();
        for (const r of [...before.records, ...incremental.records]) held.set(r.id, r);
        const body = pages.map((p) => p.body).join('\n');
        const live = new Set(records.filter((r) => !r.deleted).map((r) => r.id));
        const deleted = new Set(records.filter((r) => r.deleted).map((r) => r.id));
        const expectedLive = new Set(ids.filter((_, i) => isPublicNow(models[i] as Model)));
        const expectedDeleted = new Set(
          ids.filter((_, i) => (models[i] as Model).everPublic && !isPublicNow(models[i] as Model)),
        );
        expect(live).toEqual(expectedLive);
        expect(deleted).toEqual(expectedDeleted);
        // The sitemap for search engines lists exactly the records that are public now.
        const sitemap = await readSitemap(t.app, t.config.publicUrl);
        expect(new Set(sitemap.records.map((r) => r.id)), 'sitemap').toEqual(expectedLive);
        expect(sitemap.records).toHaveLength(expectedLive.size);
        expect(records).toHaveLength(live.size + deleted.size);
        const heldLive = [...held.values()].filter((r) => !r.deleted).map((r) => r.id);
        const heldDeleted = [...held.values()].filter((r) => r.deleted).map((r) => r.id);
        expect(new Set(heldLive), 'incremental').toEqual(expectedLive);
        expect(new Set(heldDeleted), 'incremental').toEqual(expectedDeleted);
        for (const [i, id] of ids.entries()) {
          // Content only of what is public now.
          expect(body.includes(`Sichtprobe ${i}`), id).toBe(expectedLive.has(id));
        }
        // The DCAT-AP.de catalogue: visitors get exactly the public records; the owner's
        // AccessToken adds their own records in every state, and nothing deleted.
        const catalogue = async (headers: Record<string, string>) => {
          const res = await t.app.inject({ url: '/dcat/catalog.ttl', headers });
          expect(res.statusCode).toBe(200);
          return new Set(
            ofType(parseTurtle(res.body), `${DCAT}Dataset`).map((d) =>
              decodeURIComponent(d.replace(/^.*\/metadata\/|#dataset$/g, '')),
            ),
          );
        };
        expect(await catalogue({}), 'DCAT').toEqual(expectedLive);
        expect(await catalogue(withToken(tokens.owner)), 'DCAT owner').toEqual(
          new Set(ids.filter((_, i) => (models[i] as Model).exists)),
        );
      }),
      { ...propertyRuns(25), interruptAfterTimeLimit: 150_000 },
    );
  }, 200_000);
});
