import { Classification, walkNodes } from '@geoportal/contract/classification';
import { type Grant, ObjectNormal, type ObjectState } from '@geoportal/contract/object';
import type { BoundingBox, Metadata } from '@geoportal/contract/record';
import { propertyRuns } from '@geoportal/contract/testing/property-runs';
import { type RecordCodes, recordArbitrary } from '@geoportal/contract/testing/record-arbitrary';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, createAccount, signIn, withToken } from '../../test/access-helpers.js';
import { completeMetadata } from '../../test/record-fixtures.js';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app.js';
import { rebuildSearchIndex } from './search-index.js';

/**
 * Index consistency: whatever sequence of creates, saves, workflow steps, access changes and
 * deletes goes through the API, the search index the transactions kept in step equals the
 * index rebuilt from scratch. A difference means some write path forgets
 * `refreshSearchDocuments` or computes the document from something other than the object.
 */

type Actor = 'sophie' | 'tom' | 'erika';
const accounts: Record<Actor, { name: string; role: string }> = {
  sophie: { name: 'Sophie', role: 'submitter' },
  tom: { name: 'tom', role: 'submitter' },
  erika: { name: 'Erika', role: 'editor' },
};

type Operation =
  | { kind: 'create'; as: 'sophie' | 'tom'; type: string; metadata: Metadata }
  /** `type` changes the resource type; `stale` saves over an old version (refused). */
  | { kind: 'update'; target: number; type?: string; metadata: Metadata; stale: boolean }
  /** `pick` chooses among the allowed steps; `refused` asks for a step that is not allowed. */
  | { kind: 'step'; target: number; pick: number; refused: boolean }
  | { kind: 'access'; target: number; public: boolean; grants: Grant[] }
  | { kind: 'delete'; target: number };

const words = ['Grundwasser', 'Boden', 'Küste', 'soil', 'map', 'Straße', 'Lärm', 'river'];

const boxArb: fc.Arbitrary<BoundingBox> = fc.oneof(
  fc
    .tuple(
      fc.integer({ min: -170, max: 160 }),
      fc.integer({ min: -80, max: 70 }),
      fc.integer({ min: 1, max: 10 }),
    )
    .map(([west, south, size]) => ({ west, south, east: west + size, north: south + size })),
  fc.constant({ west: 170, south: -20, east: -170, north: -10 }),
);

/** A complete record (so it may be submitted) with varied titles, keywords, extent, licence. */
function metadataArb(codes: RecordCodes): fc.Arbitrary<Metadata> {
  const simple = fc
    .record({
      de: fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 4 }),
      en: fc.option(fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 3 }), {
        nil: undefined,
      }),
      keywords: fc.uniqueArray(fc.constantFrom(...words), { minLength: 1, maxLength: 3 }),
      extent: boxArb,
      licence: fc.constantFrom(...codes.license),
      topics: fc.uniqueArray(fc.constantFrom(...codes.topicCategory), {
        minLength: 1,
        maxLength: 2,
      }),
      year: fc.integer({ min: 1990, max: 2025 }),
      withGeometry: fc.boolean(),
    })
    .map((g) =>
      completeMetadata({
        title: { de: g.de.join(' '), ...(g.en ? { en: g.en.join(' ') } : {}) },
        keywords: g.keywords,
        extent: g.extent,
        licence: g.licence,
        topicCategories: g.topics,
        dates: { revision: `${g.year}-01-31` },
        ...(g.withGeometry && g.extent.west < g.extent.east
          ? {
              geometry: {
                type: 'Point' as const,
                coordinates: [g.extent.west, g.extent.south] as [number, number],
              },
            }
          : {}),
      }),
    );
  // Generated records of every field, with tricky texts, for what the simple ones miss.
  return fc.oneof(
    { weight: 3, arbitrary: simple },
    {
      weight: 1,
      arbitrary: recordArbitrary(codes, { complete: true }),
    },
  );
}

const grantArb: fc.Arbitrary<Grant> = fc.record({
  permission: fc.constantFrom('read', 'write', 'delete', 'accessControl'),
  subject: fc.oneof(
    fc.constant({ kind: 'everyone' as const }),
    fc.constantFrom('tom', 'TOM', 'erika').map((name) => ({ kind: 'user' as const, name })),
    fc.constantFrom('Hydro', 'hydro').map((name) => ({ kind: 'group' as const, name })),
    fc.constantFrom('submitter', '*').map((name) => ({ kind: 'role' as const, name })),
  ),
});

/** The codes records are generated from; `resourceType` for the object's type. */
type Codes = RecordCodes & { resourceType: string[] };

function createArb(codes: Codes): fc.Arbitrary<Operation> {
  return fc.record({
    kind: fc.constant('create' as const),
    as: fc.constantFrom('sophie' as const, 'tom' as const),
    // A complete dataset is complete for every type, so any may be submitted.
    type: fc.constantFrom(...codes.resourceType),
    metadata: metadataArb(codes),
  });
}

function operationArb(codes: Codes): fc.Arbitrary<Operation> {
  const target = fc.nat({ max: 20 });
  return fc.oneof(
    { weight: 2, arbitrary: createArb(codes) },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('update' as const),
        target,
        type: fc.option(fc.constantFrom(...codes.resourceType), { nil: undefined }),
        metadata: metadataArb(codes),
        stale: fc.integer({ min: 0, max: 5 }).map((n) => n === 0),
      }),
    },
    {
      weight: 4,
      arbitrary: fc.record({
        kind: fc.constant('step' as const),
        target,
        pick: fc.nat({ max: 5 }),
        refused: fc.integer({ min: 0, max: 5 }).map((n) => n === 0),
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('access' as const),
        target,
        public: fc.boolean(),
        grants: fc.array(grantArb, { maxLength: 3 }),
      }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), target }) },
  );
}

/** The workflow steps DESIGN §5 allows from each state, with who takes them in this test. */
const steps: Record<ObjectState, { to: ObjectState; by: 'owner' | 'erika' }[]> = {
  draft: [{ to: 'submitted', by: 'owner' }],
  submitted: [
    { to: 'published', by: 'erika' },
    { to: 'draft', by: 'owner' },
    { to: 'draft', by: 'erika' },
  ],
  published: [{ to: 'withdrawn', by: 'erika' }],
  withdrawn: [{ to: 'draft', by: 'erika' }],
};

describe.each(testDatabases)('search index consistency on $name', (database) => {
  let t: TestApp;
  let codes: Codes;
  const headers = {} as Record<Actor, Record<string, string>>;
  const actorOfName = new Map<string, Actor>();

  beforeAll(async () => {
    t = await createTestApp(database);
    for (const [actor, { name, role }] of Object.entries(accounts) as [
      Actor,
      { name: string; role: string },
    ][]) {
      await createAccount(t.app, name, `${actor}-password-1`, { role });
      headers[actor] = withToken(await signIn(t.app, name, `${actor}-password-1`));
      actorOfName.set(name, actor);
    }
    const api = apiCaller(t.app);
    const list = async (id: string) => {
      const res = await api('GET', `/classification/${id}`);
      expect(res.statusCode).toBe(200);
      return [...walkNodes(Classification.parse(res.json()).nodes)].map(({ node }) => node.id);
    };
    codes = {
      topicCategory: await list('topicCategory'),
      inspireTheme: await list('inspireTheme'),
      license: await list('license'),
      contactRole: await list('contactRole'),
      protocol: await list('protocol'),
      resourceType: await list('resourceType'),
    };
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Every row of the index, every column as text, in a fixed order. */
  async function snapshot() {
    const documents = await sql`
      select object_id, type, state, readers::text, doc::text, pairs::text, facets::text, title_de, title_en,
        title_sort, ref_date::text, temporal_start::text, temporal_end::text, created::text,
        modified::text, west::text, south::text, east::text, north::text, extent::text,
        extent2::text, footprint::text, map_services::text
      from search_document order by object_id`.execute(t.app.db);
    const terms = await sql`
      select object_id, kind, term, norm from search_term
      order by object_id, kind, term collate "C", norm collate "C"`.execute(t.app.db);
    return { documents: documents.rows, terms: terms.rows };
  }

  /** Runs one operation through the API; answers a description for the failure message. */
  async function run(op: Operation, live: string[]): Promise<string> {
    const api = apiCaller(t.app);
    if (op.kind === 'create') {
      const res = await api('POST', '/object', headers[op.as], {
        type: op.type,
        metadata: op.metadata,
      });
      expect(res.statusCode, res.body).toBe(201);
      live.push(res.json().id);
      return `create ${op.type} as ${op.as}`;
    }
    if (live.length === 0) return `${op.kind} on nothing`;
    const id = live[op.target % live.length] as string;
    const current = await api('GET', `/object/${id}`, headers.erika);
    expect(current.statusCode, current.body).toBe(200);
    const object = ObjectNormal.parse(current.json());
    const owner = headers[actorOfName.get(object.owner ?? '') as Actor];
    switch (op.kind) {
      case 'update': {
        const as = object.state === 'draft' ? owner : headers.erika;
        const version = op.stale ? object.version - 1 : object.version;
        const res = await api('PUT', '/object', as, {
          id,
          version,
          ...(op.type ? { type: op.type } : {}),
          metadata: op.metadata,
        });
        // A stale version (also 0, which the schema refuses) writes nothing.
        expect(res.statusCode, res.body).toBe(op.stale ? (version < 1 ? 400 : 409) : 200);
        return `update ${object.state}${op.type ? ` to ${op.type}` : ''}${op.stale ? ' (stale)' : ''}`;
      }
      case 'step': {
        const allowed = steps[object.state];
        if (op.refused) {
          // Staying in the same state is never a step.
          const res = await api('PUT', `/object/${id}/state`, headers.erika, {
            state: object.state,
          });
          expect(res.statusCode, res.body).toBe(409);
          return `refused ${object.state} → ${object.state}`;
        }
        const step = allowed[op.pick % allowed.length] as (typeof allowed)[number];
        const res = await api(
          'PUT',
          `/object/${id}/state`,
          step.by === 'owner' ? owner : headers.erika,
          {
            state: step.to,
            ...(step.by === 'erika' && step.to === 'draft'
              ? { comment: 'Bitte überarbeiten.' }
              : {}),
          },
        );
        expect(res.statusCode, res.body).toBe(200);
        return `${object.state} → ${step.to} by ${step.by}`;
      }
      case 'access': {
        const res = await api('POST', `/object/${id}/accessControl`, owner, {
          public: op.public,
          grants: op.grants,
        });
        // A grant to everyone is read only, and only on a published record (DESIGN §5).
        const everyone = op.grants.filter((g) => g.subject.kind === 'everyone');
        const refused =
          everyone.some((g) => g.permission !== 'read') ||
          (everyone.length > 0 && object.state !== 'published');
        expect(res.statusCode, res.body).toBe(refused ? 400 : 200);
        return refused ? 'access refused' : 'access';
      }
      case 'delete': {
        const res = await api('DELETE', `/object/${id}`, owner);
        // The owner deletes a draft, and only editors and administrators a later state (a
        // delete grant from `access` counts on drafts only).
        expect(res.statusCode, res.body).toBe(object.state === 'draft' ? 204 : 403);
        if (res.statusCode === 204) live.splice(live.indexOf(id), 1);
        return `delete ${object.state}`;
      }
    }
  }

  it('after any sequence of operations the index equals a rebuild from scratch', async () => {
    await fc.assert(
      fc.asyncProperty(
        createArb(codes),
        fc.array(operationArb(codes), { maxLength: 11 }),
        async (first, rest) => {
          const operations = [first, ...rest];
          const db = t.app.db;
          // Each run starts from an empty catalogue; documents and terms go by cascade.
          await db.deleteFrom('object').execute();
          const live: string[] = [];
          const done: string[] = [];
          // Checked after every operation, so a failure names the one that left the index behind.
          for (const op of operations) {
            done.push(await run(op, live));
            const kept = await snapshot();
            expect(kept.documents.length).toBe(live.length);
            await db.deleteFrom('search_term').execute();
            await db.deleteFrom('search_document').execute();
            await rebuildSearchIndex(db);
            expect(kept, `after ${done.join(', ')}`).toEqual(await snapshot());
          }
        },
      ),
      propertyRuns(15),
    );
  }, 300_000);
});
