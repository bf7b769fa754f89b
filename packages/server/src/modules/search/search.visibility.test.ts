import type { Grant, ObjectState } from '@geoportal/contract/object';
import type { BoundingBox, Metadata } from '@geoportal/contract/record';
import { type FacetField, facetFields, type SearchResponse } from '@geoportal/contract/search';
import { propertyRuns } from '@geoportal/contract/testing/property-runs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, createAccount, signIn, withToken } from '../../test/access-helpers.js';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app.js';
import { addGroupMember, ensureGroup, grantGroupRole } from '../access/access.repository.js';
import { type Auth, authenticate } from '../access/access.service.js';
import { newId } from '../access/session.js';
import { insertAccessKey } from '../objects/access-key.repository.js';
import { newAccessKeySecret } from '../objects/access-keys.js';
import { listGrants, replaceGrants } from '../objects/object.repository.js';
import { can, type ObjectFacts } from '../objects/policy.js';
import { readSitemap } from '../sitemap/sitemap.test-helpers.js';
import { searchUrl } from './search.test-helpers.js';
import { refreshSearchDocuments } from './search-index.js';

/**
 * The visibility property of the search (DESIGN §5 "every read path obeys it"): for
 * generated objects, grants, group and role memberships, every caller's search hits, counts,
 * facet counts, footprints, suggestions and the records of OGC API Records (its items, a
 * filtered page and each item) are exactly those of the objects
 * `can(read)` of objects/policy.ts allows that caller: nothing more (no leak) and nothing
 * less. Access keys open single records, never the search.
 *
 * The sitemap answers every caller the visitor's view: exactly the records visitors read.
 *
 * Review cannot be bypassed (DESIGN §5), checked apart from `can`: what a visitor finds are
 * exactly the published records that are public or carry a grant to everyone. A grant to
 * everyone on a draft, a submission or a withdrawn record (stored as older versions allowed)
 * opens it to nobody.
 */

/** A made-up word every generated record carries in its titles and as a keyword. */
const SHARED = 'Quellenkataster';

// Small universes of names, so that generated grants often hit an account, a group or a role,
// in varied case (user and group names compare without case, role names with case).
const accountNames = { alice: 'Alice', bob: 'bob', carol: 'Carol', ed: 'Ed' } as const;
type AccountKey = keyof typeof accountNames;
const accountKeys = Object.keys(accountNames) as AccountKey[];
const groups = [
  { id: 'vis-hydro', name: 'Hydro' },
  { id: 'vis-boden', name: 'Boden-Team' },
  // Members of this group hold the role `reviewer` through it.
  { id: 'vis-pruefer', name: 'Prüfer', role: 'reviewer' },
];
const grantUserNames = ['alice', 'ALICE', ' Alice ', 'bob', 'BOB', 'carol', 'ed', 'nobody'];
const grantGroupNames = ['Hydro', 'hydro', 'HYDRO', 'boden-team', 'Prüfer', 'PRÜFER', 'Geo'];
const grantRoleNames = ['submitter', 'Submitter', 'reviewer', 'editor', 'administrator', '*'];

const subjectArb: fc.Arbitrary<Grant['subject']> = fc.oneof(
  fc.constant({ kind: 'everyone' as const }),
  fc.constantFrom(...grantUserNames).map((name) => ({ kind: 'user' as const, name })),
  fc.constantFrom(...grantGroupNames).map((name) => ({ kind: 'group' as const, name })),
  fc.constantFrom(...grantRoleNames).map((name) => ({ kind: 'role' as const, name })),
);
const grantArb: fc.Arbitrary<Grant> = fc.record({
  permission: fc.constantFrom('read', 'write', 'delete', 'accessControl'),
  subject: subjectArb,
});

const boxArb: fc.Arbitrary<BoundingBox> = fc.oneof(
  fc
    .tuple(
      fc.integer({ min: -170, max: 160 }),
      fc.integer({ min: -80, max: 70 }),
      fc.integer({ min: 1, max: 10 }),
    )
    .map(([west, south, size]) => ({ west, south, east: west + size, north: south + size })),
  // Across the antimeridian.
  fc.constant({ west: 170, south: -20, east: -170, north: -10 }),
);

interface GeneratedObject {
  owner: AccountKey;
  state: ObjectState;
  public: boolean;
  grants: Grant[];
  type: string;
  placeDe: string;
  placeEn: string | undefined;
  keywords: string[];
  topicCategories: string[];
  inspireThemes: string[];
  licence: string | undefined;
  organisation: string | undefined;
  format: string | undefined;
  year: number | undefined;
  extent: BoundingBox | undefined;
}

const licences = ['cc-by-4.0', 'dl-de-by-2.0', 'cc0-1.0'];

const objectArb: fc.Arbitrary<GeneratedObject> = fc.record({
  owner: fc.constantFrom(...accountKeys),
  state: fc.constantFrom<ObjectState>('draft', 'submitted', 'published', 'withdrawn'),
  public: fc.boolean(),
  grants: fc.array(grantArb, { maxLength: 3 }),
  type: fc.constantFrom('dataset', 'service'),
  placeDe: fc.constantFrom('Bayern', 'Hessen', 'Küste'),
  placeEn: fc.option(fc.constantFrom('Bavaria', 'Hesse', 'Coast'), { nil: undefined }),
  keywords: fc.uniqueArray(fc.constantFrom('Boden', 'Wasser', 'Klima', 'luft'), { maxLength: 2 }),
  topicCategories: fc.subarray(['geoscientificInformation', 'inlandWaters', 'environment']),
  inspireThemes: fc.subarray(['so', 'ge']),
  licence: fc.option(fc.constantFrom(...licences), { nil: undefined }),
  organisation: fc.option(fc.constantFrom('LfU Bayern', 'GD NRW'), { nil: undefined }),
  format: fc.option(fc.constantFrom('GeoTIFF', 'GML'), { nil: undefined }),
  year: fc.option(fc.integer({ min: 2015, max: 2018 }), { nil: undefined }),
  extent: fc.option(boxArb, { nil: undefined }),
});

/** What visitors may read, written from DESIGN §5 rather than taken from `can`. */
const openToVisitors = (o: GeneratedObject) =>
  o.state === 'published' && (o.public || o.grants.some((g) => g.subject.kind === 'everyone'));

/** Extra roles and groups of an account in one run (its base role stays). */
const membershipArb = fc.record({
  groups: fc.subarray(groups.map((g) => g.id)),
  submitter: fc.boolean(),
  administrator: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
});

/**
 * Queries every generated record matches, built from OR and NOT: a condition the SQL left
 * without parentheses next to the visibility filter would let unreadable records through.
 */
const everythingQueries: { q: string; fq?: string[] }[] = [
  { q: `${SHARED} OR state:draft` },
  { q: 'state:draft OR NOT state:draft' },
  { q: '-nichtvorhanden' },
  { q: `keyword:${SHARED} OR type:dataset` },
  { q: 'type:(dataset OR service)' },
  { q: `(${SHARED} AND NOT nichtvorhanden) OR year:[2015 TO 2016]` },
  { q: '*', fq: ['state:(draft OR submitted OR published OR withdrawn)'] },
  { q: 'quellenk* OR Boden', fq: ['-keyword:nichtvorhanden', '-licence:keine'] },
];

const scenarioArb = fc.record({
  objects: fc.array(objectArb, { maxLength: 7 }),
  memberships: fc.record({
    alice: membershipArb,
    bob: membershipArb,
    carol: membershipArb,
    ed: membershipArb,
  }),
  /** Index (modulo the number of objects) of a record that gets an access key. */
  keyFor: fc.option(fc.nat(), { nil: undefined }),
  keyType: fc.constantFrom<'read' | 'write'>('read', 'write'),
  fqLicence: fc.constantFrom(...licences),
  probe: fc.constantFrom(...everythingQueries),
});
type Scenario = typeof scenarioArb extends fc.Arbitrary<infer S> ? S : never;

/** The record of a generated object; `n` makes its titles unique. */
function metadataOf(o: GeneratedObject, n: number): Metadata {
  return {
    title: {
      de: `${SHARED} ${o.placeDe} ${n}`,
      ...(o.placeEn ? { en: `${SHARED} ${o.placeEn} ${n}` } : {}),
    },
    keywords: [SHARED, ...o.keywords],
    ...(o.topicCategories.length > 0 ? { topicCategories: o.topicCategories } : {}),
    ...(o.inspireThemes.length > 0
      ? {
          classifiedKeywords: o.inspireThemes.map((code) => ({
            classification: 'inspireTheme',
            code,
          })),
        }
      : {}),
    ...(o.licence ? { licence: o.licence } : {}),
    ...(o.organisation
      ? { contacts: [{ organisation: o.organisation, role: 'pointOfContact' }] }
      : {}),
    ...(o.format ? { formats: [{ name: o.format }] } : {}),
    ...(o.year ? { dates: { publication: `${o.year}-05-01` } } : {}),
    ...(o.extent ? { extent: o.extent } : {}),
  };
}

/** The facet values a generated object carries, written out from the generated fields. */
function facetValuesOf(o: GeneratedObject): Record<FacetField, string[]> {
  return {
    type: [o.type],
    topicCategory: o.topicCategories,
    inspireTheme: o.inspireThemes,
    keyword: [SHARED, ...o.keywords],
    licence: o.licence ? [o.licence] : [],
    organisation: o.organisation ? [o.organisation] : [],
    format: o.format ? [o.format] : [],
    year: o.year ? [String(o.year)] : [],
  };
}

/** Facet counts as sorted `value=count` lines, per field. */
function expectedFacets(objects: readonly GeneratedObject[]): Record<FacetField, string[]> {
  const counts = Object.fromEntries(facetFields.map((f) => [f, new Map<string, number>()]));
  for (const o of objects) {
    const values = facetValuesOf(o);
    for (const field of facetFields) {
      const map = counts[field] as Map<string, number>;
      for (const v of values[field]) map.set(v, (map.get(v) ?? 0) + 1);
    }
  }
  return Object.fromEntries(
    facetFields.map((f) => [
      f,
      [...(counts[f] as Map<string, number>)].map(([v, n]) => `${v}=${n}`).sort(),
    ]),
  ) as Record<FacetField, string[]>;
}

function answeredFacets(response: SearchResponse): Record<FacetField, string[]> {
  return Object.fromEntries(
    facetFields.map((f) => [f, response.facets[f].map((v) => `${v.value}=${v.count}`).sort()]),
  ) as Record<FacetField, string[]>;
}

const sorted = (values: Iterable<string>) => [...values].sort();

describe.each(testDatabases)('search visibility on $name', (database) => {
  let t: TestApp;
  const accountIds = {} as Record<AccountKey, string>;
  const tokens = {} as Record<AccountKey, string>;
  let titleNumber = 0;

  beforeAll(async () => {
    t = await createTestApp(database);
    const db = t.app.db;
    // A role an organisation might hand out besides the built-in ones.
    await db.insertInto('role').values({ name: 'reviewer', description: 'Test role' }).execute();
    for (const g of groups) {
      await ensureGroup(db, g.id, g.name);
      if (g.role) await grantGroupRole(db, g.id, g.role);
    }
    for (const key of accountKeys) {
      const password = `${key}-password-1`;
      accountIds[key] = await createAccount(t.app, accountNames[key], password);
      tokens[key] = await signIn(t.app, accountNames[key], password);
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Gives the accounts this run's groups and roles: Ed is always an editor. */
  async function setMemberships(memberships: Scenario['memberships']) {
    const db = t.app.db;
    const ids = Object.values(accountIds);
    await db.deleteFrom('group_member').where('account_id', 'in', ids).execute();
    await db.deleteFrom('account_role').where('account_id', 'in', ids).execute();
    for (const key of accountKeys) {
      const m = memberships[key];
      for (const groupId of m.groups) await addGroupMember(db, groupId, accountIds[key]);
      const roles = [
        ...(key === 'ed' ? ['editor'] : []),
        ...(m.submitter ? ['submitter'] : []),
        ...(m.administrator ? ['administrator'] : []),
      ];
      for (const role of roles) {
        await db
          .insertInto('account_role')
          .values({ account_id: accountIds[key], role_name: role })
          .execute();
      }
    }
  }

  /**
   * Inserts the objects and their grants in one transaction and indexes them, as the demo
   * seed does: hundreds of API calls would make the property slow without testing more.
   */
  async function insertObjects(
    objects: readonly GeneratedObject[],
  ): Promise<{ ids: string[]; records: Metadata[] }> {
    const ids = objects.map(() => newId());
    const records = objects.map((o) => metadataOf(o, ++titleNumber));
    const now = t.app.clock();
    await t.app.db.transaction().execute(async (trx) => {
      if (objects.length === 0) return;
      await trx
        .insertInto('object')
        .values(
          objects.map((o, i) => ({
            id: ids[i] as string,
            type: o.type,
            state: o.state,
            version: 1,
            owner_id: accountIds[o.owner],
            public: o.public,
            metadata: JSON.stringify(records[i]),
            created_at: now,
            modified_at: now,
          })),
        )
        .execute();
      for (const [i, o] of objects.entries()) await replaceGrants(trx, ids[i] as string, o.grants);
      await refreshSearchDocuments(trx, ids);
    });
    return { ids, records };
  }

  /** A valid access key for the object; answers its secret. */
  async function addKey(objectId: string, type: 'read' | 'write'): Promise<string> {
    const { id, secret, salt, hash } = newAccessKeySecret();
    await insertAccessKey(t.app.db, {
      id,
      object_id: objectId,
      type,
      salt,
      secret_hash: hash,
      comment: '',
      created_at: t.app.clock(),
      creator_name: 'test',
      expires_at: null,
    });
    return secret;
  }

  /** What `can(read)` allows the caller, with the caller's auth as the app builds it. */
  function oracle(auth: Auth | null, ids: readonly string[], facts: readonly ObjectFacts[]) {
    return new Set(ids.filter((_, i) => can({ auth }, facts[i] as ObjectFacts, 'read')));
  }

  it('finds, counts, facets, maps, suggests and serves as OGC API records exactly what the policy lets each caller read', async () => {
    const api = apiCaller(t.app);
    await fc.assert(
      fc.asyncProperty(scenarioArb, async (scenario) => {
        const db = t.app.db;
        // Each run starts from an empty catalogue (grants, keys and documents cascade).
        await db.deleteFrom('object').execute();
        await setMemberships(scenario.memberships);
        const { ids, records } = await insertObjects(scenario.objects);
        const recordOf = new Map(ids.map((id, i) => [id, records[i] as Metadata]));
        const byId = new Map(ids.map((id, i) => [id, scenario.objects[i] as GeneratedObject]));
        // The facts as the app loads them (grants trimmed and de-duplicated on the way in).
        const facts: ObjectFacts[] = await Promise.all(
          ids.map(async (id, i) => {
            const o = scenario.objects[i] as GeneratedObject;
            return {
              ownerId: accountIds[o.owner],
              state: o.state,
              public: o.public,
              grants: await listGrants(db, id),
            };
          }),
        );

        let key: { objectId: string; secret: string } | undefined;
        if (scenario.keyFor !== undefined && ids.length > 0) {
          const objectId = ids[scenario.keyFor % ids.length] as string;
          key = { objectId, secret: await addKey(objectId, scenario.keyType) };
          // The key is valid: it opens the record itself.
          const res = await api('GET', `/object/${objectId}`, { 'x-access-key': key.secret });
          expect(res.statusCode).toBe(200);
        }

        const callers: { name: string; token?: string; headers: Record<string, string> }[] = [
          { name: 'visitor', headers: {} },
          ...accountKeys.map((k) => ({ name: k, token: tokens[k], headers: withToken(tokens[k]) })),
          ...(key
            ? [
                { name: 'visitor with key', headers: { 'x-access-key': key.secret } },
                {
                  name: 'bob with key',
                  token: tokens.bob,
                  headers: { ...withToken(tokens.bob), 'x-access-key': key.secret },
                },
              ]
            : []),
        ];

        for (const caller of callers) {
          const ctx = { db, now: t.app.clock(), config: t.config };
          const auth = caller.token ? await authenticate(ctx, caller.token) : null;
          if (caller.token) expect(auth, caller.name).not.toBeNull();
          const readable = oracle(auth, ids, facts);
          if (caller.name === 'visitor') {
            expect(sorted(readable), 'visitor: published and public only').toEqual(
              sorted(ids.filter((id) => openToVisitors(byId.get(id) as GeneratedObject))),
            );
          }
          const readableObjects = [...readable].map((id) => byId.get(id) as GeneratedObject);
          const get = async (url: string) => {
            const res = await t.app.inject({
              method: 'GET',
              url: `/api/v1${url}`,
              headers: caller.headers,
            });
            expect(res.statusCode, `${caller.name} ${url}: ${res.body}`).toBe(200);
            return res.json();
          };
          const where = `${caller.name} (readable ${readable.size} of ${ids.length})`;

          // The sitemap shows everyone what search engines may see: the visitor's records.
          const sitemap = await readSitemap(t.app, t.config.publicUrl, caller.headers);
          expect(sorted(sitemap.records.map((r) => r.id)), `${where} sitemap`).toEqual(
            sorted(ids.filter((id) => openToVisitors(byId.get(id) as GeneratedObject))),
          );

          // List search: every hit, the total and every facet count.
          for (const q of ['*', SHARED.toLowerCase()]) {
            const found: SearchResponse = await get(searchUrl(q, { rows: 100 }));
            expect(sorted(found.docs.map((d) => d.id)), `${where} q=${q}`).toEqual(
              sorted(readable),
            );
            expect(found.numFound, `${where} q=${q}`).toBe(readable.size);
            expect(answeredFacets(found), `${where} facets q=${q}`).toEqual(
              expectedFacets(readableObjects),
            );
          }

          // A page past the last hit counts on its own (another statement).
          const page: SearchResponse = await get(
            searchUrl('*', { start: 50, rows: 1, facets: false }),
          );
          expect(page.numFound, where).toBe(readable.size);

          const probe = scenario.probe;
          const probed: SearchResponse = await get(
            searchUrl(probe.q, { rows: 100, facets: false, fq: probe.fq ?? [] }),
          );
          expect(sorted(probed.docs.map((d) => d.id)), `${where} ${JSON.stringify(probe)}`).toEqual(
            sorted(readable),
          );

          // A filtered search: the licence facet counts without its own filter (multi-select),
          // the others within it.
          const licence = scenario.fqLicence;
          const filtered: SearchResponse = await get(
            searchUrl('*', { rows: 100, fq: [`licence:${licence}`] }),
          );
          const withLicence = readableObjects.filter((o) => o.licence === licence);
          expect(sorted(filtered.docs.map((d) => d.id)), `${where} fq`).toEqual(
            sorted([...readable].filter((id) => byId.get(id)?.licence === licence)),
          );
          expect(filtered.numFound, `${where} fq`).toBe(withLicence.length);
          const filteredFacets = answeredFacets(filtered);
          const expectedFiltered = expectedFacets(withLicence);
          expectedFiltered.licence = expectedFacets(readableObjects).licence;
          expect(filteredFacets, `${where} fq facets`).toEqual(expectedFiltered);

          // Footprints for the map: the readable records that have an extent.
          const spatial = await get(`/index/search/objects/spatial/${SHARED}/1/1000?zoom=3`);
          const mapped = sorted([...readable].filter((id) => byId.get(id)?.extent));
          expect(
            sorted(spatial.features.map((f: { id: string }) => f.id)),
            `${where} spatial`,
          ).toEqual(mapped);
          expect(spatial.numberMatched, `${where} spatial`).toBe(mapped.length);
          // A page past the last footprint counts on its own (another statement).
          const beyond = await get('/index/search/objects/spatial/*/9/1');
          expect(beyond.features, `${where} spatial beyond`).toEqual([]);
          expect(beyond.numberMatched, `${where} spatial beyond`).toBe(mapped.length);

          // Suggestions: the titles of readable records (each starts with the shared word)
          // and the shared keyword counted over readable records, nothing of the others.
          const suggested = await get(
            `/index/suggest/objects/${SHARED.slice(0, 8).toLowerCase()}?rows=20`,
          );
          const titles = [...readable].flatMap((id) => {
            const title = (recordOf.get(id) as Metadata).title;
            return [title.de, title.en].flatMap((text) => (text ? [`title ${text} ${id}`] : []));
          });
          const expectedSuggestions = [
            ...titles,
            ...(readable.size > 0 ? [`keyword ${SHARED} ${readable.size}`] : []),
          ].sort();
          const answered = suggested.suggestions
            .map((s: { kind: string; text: string; id?: string; count?: number }) =>
              s.kind === 'title' ? `title ${s.text} ${s.id}` : `keyword ${s.text} ${s.count}`,
            )
            .sort();
          expect(answered, `${where} suggestions`).toEqual(expectedSuggestions);
          for (const s of suggested.suggestions as { kind: string; id?: string }[]) {
            if (s.kind === 'title') expect(readable.has(s.id as string), where).toBe(true);
          }

          // OGC API Records: its items, a spatial filter and each item, by the same rule.
          const ogc = async (url: string) => {
            const res = await t.app.inject({
              method: 'GET',
              url: `/ogcapi/collections/metadata/items${url}`,
              headers: caller.headers,
            });
            return res;
          };
          for (const query of [`?q=${SHARED}&limit=100`, '?limit=100&sortby=-updated']) {
            const res = await ogc(query);
            expect(res.statusCode, `${where} ogcapi ${query}: ${res.body}`).toBe(200);
            const records = res.json();
            expect(
              sorted(records.features.map((f: { id: string }) => f.id)),
              `${where} ogcapi ${query}`,
            ).toEqual(sorted(readable));
            expect(records.numberMatched, `${where} ogcapi ${query}`).toBe(readable.size);
          }
          const boxed = await ogc(
            `?limit=100&filter=${encodeURIComponent('S_INTERSECTS(geometry, BBOX(-180, -90, 180, 90))')}`,
          );
          expect(
            sorted(boxed.json().features.map((f: { id: string }) => f.id)),
            `${where} ogcapi filter`,
          ).toEqual(mapped);
          for (const id of ids) {
            const one = await ogc(`/${id}`);
            expect(one.statusCode, `${where} ogcapi item ${id}`).toBe(readable.has(id) ? 200 : 404);
          }
        }
      }),
      propertyRuns(15),
    );
    // Each run also asks OGC API Records for every caller and record.
  }, 300_000);

  /**
   * A negated filter keeps the records whose condition is NULL rather than false: every box
   * that does not cross the antimeridian has no second half (`d.extent2` NULL), and records
   * without a reference date have no `d.ref_date`.
   */
  describe('negated filters', () => {
    const base: GeneratedObject = {
      owner: 'ed',
      state: 'published',
      public: true,
      grants: [],
      type: 'dataset',
      placeDe: 'Bayern',
      placeEn: undefined,
      keywords: [],
      topicCategories: [],
      inspireThemes: [],
      licence: undefined,
      organisation: undefined,
      format: undefined,
      year: undefined,
      extent: undefined,
    };
    const allIds = async (q: string, fq: string[]) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1${searchUrl(q, { rows: 100, facets: false, fq })}`,
      });
      expect(res.statusCode, res.body).toBe(200);
      return sorted((res.json() as SearchResponse).docs.map((d) => d.id));
    };
    const prepare = async (objects: GeneratedObject[]) => {
      await t.app.db.deleteFrom('object').execute();
      return sorted((await insertObjects(objects)).ids);
    };

    it('finds the same records without the negation (the control of the cases below)', async () => {
      const boxed = await prepare([
        { ...base, extent: { west: 10, south: 50, east: 12, north: 52 } },
      ]);
      expect(await allIds('*', [])).toEqual(boxed);
      expect(await allIds('*', ['bbox:9,49,11,51'])).toEqual(boxed);
      expect(await allIds('*', ['bbox:100,10,101,11'])).toEqual([]);
      const dated = await prepare([{ ...base, year: 2015 }, base]);
      expect(await allIds('year:[2010 TO 2012] OR year:[2013 TO *]', [])).toHaveLength(1);
      expect(await allIds('*', [])).toEqual(dated);
    });

    it('fq=-bbox:… finds the records whose box lies elsewhere', async () => {
      const ids = await prepare([
        { ...base, extent: { west: 10, south: 50, east: 12, north: 52 } },
      ]);
      expect(await allIds('*', ['-bbox:100,10,101,11'])).toEqual(ids);
    });

    it('NOT year:[…] keeps records without a reference date', async () => {
      const ids = await prepare([{ ...base, year: 2015 }, base]);
      expect(await allIds('year:[2010 TO 2012] OR NOT year:[2010 TO 2012]', [])).toEqual(ids);
    });
  });
});
