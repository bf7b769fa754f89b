import type { ObjectState } from '@geoportal/contract/object';
import type { Metadata } from '@geoportal/contract/record';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { apiCaller, testClock, withToken } from '../../test/access-helpers.js';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app.js';
import { descend, first, textOf } from '../../xml/xml-document.js';
import { createRecord, searchAccounts, type Tokens } from '../search/search.test-helpers.js';
import { harvest, listOf, type OaiAnswer, oaiGet, oaiPost, recordOf } from './oai.test-helpers.js';

/**
 * OAI-PMH 2.0 at /oai over HTTP on a real database: every verb, selective harvesting by
 * date and set, resumption tokens, deleted records, and every error condition of the
 * protocol, each answered with HTTP 200 (OAI-PMH 2.0 §3.6).
 */

const HOST = 'geoportal.example.org';
const oaiId = (id: string) => `oai:${HOST}:${id}`;

describe.each(testDatabases)('OAI-PMH on $name', (database) => {
  let t: TestApp;
  let tokens: Tokens;
  const clock = testClock();
  const ids: Record<string, string> = {};
  const empty: Record<string, OaiAnswer> = {};
  /** When the records were all in their final states. */
  let settled = '';

  const tick = (by = 60) => clock.advance(by);
  const seconds = (time: Date) => `${time.toISOString().slice(0, 19)}Z`;
  /** The owner sets the public flag (no grants), as the access-control dialog does. */
  const setPublic = async (id: string, value: boolean) => {
    const res = await apiCaller(t.app)(
      'POST',
      `/object/${id}/accessControl`,
      withToken(tokens.owner),
      {
        public: value,
        grants: [],
      },
    );
    expect(res.statusCode).toBe(200);
  };

  beforeAll(async () => {
    t = await createTestApp(
      database,
      {
        PUBLIC_URL: `https://${HOST}`,
        OAI_ADMIN_EMAIL: 'katalog@example.org',
        OAI_REPOSITORY_NAME: 'Testkatalog',
        OAI_PAGE_SIZE: '2',
      },
      { clock },
    );
    // An empty repository first: no sets, no records, earliest datestamp now.
    empty.listSets = await oaiGet(t.app, { verb: 'ListSets' });
    empty.listRecords = await oaiGet(t.app, { verb: 'ListRecords', metadataPrefix: 'oai_dc' });
    empty.identify = await oaiGet(t.app, { verb: 'Identify' });

    tokens = await searchAccounts(t.app);
    const create = async (
      name: string,
      overrides: Partial<Metadata>,
      state: ObjectState = 'published',
      type = 'dataset',
    ) => {
      tick();
      ids[name] = await createRecord(t.app, tokens, overrides, state, type);
    };
    await create('soil', { title: { de: 'Bodenkarte', en: 'Soil map' } });
    await create(
      'aerial',
      {
        title: { de: 'Luftbilder' },
        classifiedKeywords: [{ classification: 'inspireTheme', code: 'oi' }],
      },
      'published',
      'service',
    );
    await create('draft', { title: { de: 'Entwurf' } }, 'draft');
    await create('submitted', { title: { de: 'Eingereicht' } }, 'submitted');
    await create('withdrawn', { title: { de: 'Zurückgezogen' } }, 'withdrawn');
    await create('hidden', { title: { de: 'Nicht mehr öffentlich' } });
    await create('deleted', { title: { de: 'Gelöscht' } });
    tick();
    await setPublic(ids.hidden as string, false);
    tick();
    const deleted = await apiCaller(t.app)(
      'DELETE',
      `/object/${ids.deleted}`,
      withToken(tokens.editor),
    );
    expect(deleted.statusCode).toBe(204);
    tick();
    settled = seconds(clock());
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const get = (args: Record<string, string> | [string, string][]) => oaiGet(t.app, args);
  const errorOf = (answer: OaiAnswer) => {
    expect(answer.status).toBe(200);
    expect(answer.errors).toHaveLength(1);
    return answer.errors[0]?.code;
  };

  it('Identify names the repository, its deleted-record policy and granularity', async () => {
    const answer = await get({ verb: 'Identify' });
    expect(answer.status).toBe(200);
    expect(answer.contentType).toBe('text/xml; charset=utf-8');
    expect(answer.request).toEqual({ verb: 'Identify' });
    const text = (name: string) => textOf(first(answer.root, 'Identify', name));
    expect(text('repositoryName')).toBe('Testkatalog');
    expect(text('baseURL')).toBe(`https://${HOST}/oai`);
    expect(text('protocolVersion')).toBe('2.0');
    expect(text('adminEmail')).toBe('katalog@example.org');
    expect(text('deletedRecord')).toBe('persistent');
    expect(text('granularity')).toBe('YYYY-MM-DDThh:mm:ssZ');
    // The first record was created a minute after the start of the clock.
    expect(text('earliestDatestamp')).toBe('2026-01-15T10:01:00Z');
    expect(answer.responseDate).toBe(seconds(clock()));
    // An empty repository says now.
    const emptyRoot = (empty.identify as OaiAnswer).root;
    expect(textOf(first(emptyRoot, 'Identify', 'earliestDatestamp'))).toBe('2026-01-15T10:00:00Z');
  });

  it('answers POST forms as GET requests', async () => {
    const posted = await oaiPost(t.app, { verb: 'ListIdentifiers', metadataPrefix: 'oai_dc' });
    const got = await get({ verb: 'ListIdentifiers', metadataPrefix: 'oai_dc' });
    expect(posted.status).toBe(200);
    expect(posted.body).toBe(got.body);
    const wrongType = await t.app.inject({
      method: 'POST',
      url: '/oai',
      headers: { 'content-type': 'application/json' },
      payload: '{"verb":"Identify"}',
    });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.body).toContain('code="badArgument"');
  });

  it('ListMetadataFormats offers oai_dc, iso19139 and dcat_ap, for the repository and for an item', async () => {
    const prefixes = (answer: OaiAnswer) =>
      descend(answer.root, 'ListMetadataFormats', 'metadataFormat').map((f) =>
        textOf(first(f, 'metadataPrefix')),
      );
    expect(prefixes(await get({ verb: 'ListMetadataFormats' }))).toEqual([
      'oai_dc',
      'iso19139',
      'dcat_ap',
    ]);
    expect(
      prefixes(await get({ verb: 'ListMetadataFormats', identifier: oaiId(ids.soil as string) })),
    ).toEqual(['oai_dc', 'iso19139', 'dcat_ap']);
    expect(
      errorOf(
        await get({ verb: 'ListMetadataFormats', identifier: oaiId(ids.withdrawn as string) }),
      ),
    ).toBe('noMetadataFormats');
    expect(
      errorOf(await get({ verb: 'ListMetadataFormats', identifier: oaiId(ids.draft as string) })),
    ).toBe('idDoesNotExist');
    expect(errorOf(await get({ verb: 'ListMetadataFormats', identifier: 'oai:other.org:x' }))).toBe(
      'idDoesNotExist',
    );
  });

  it('ListSets lists resource types and INSPIRE themes of the items, with their labels', async () => {
    const answer = await get({ verb: 'ListSets' });
    const sets = descend(answer.root, 'ListSets', 'set').map(
      (set) => [textOf(first(set, 'setSpec')), textOf(first(set, 'setName'))] as const,
    );
    const specs = sets.map(([spec]) => spec);
    expect(specs).toEqual([
      'type',
      'type:dataset',
      'type:service',
      'inspireTheme',
      'inspireTheme:ge',
      'inspireTheme:oi',
    ]);
    expect(new Map(sets).get('inspireTheme:ge')).toMatch(/Geolog/);
    expect(errorOf(empty.listSets as OaiAnswer)).toBe('noSetHierarchy');
    expect(errorOf(await get({ verb: 'ListSets', resumptionToken: 'x' }))).toBe(
      'badResumptionToken',
    );
  });

  it('ListIdentifiers pages with resumption tokens over every public and deleted item', async () => {
    const first = await get({ verb: 'ListIdentifiers', metadataPrefix: 'oai_dc' });
    const page = listOf(first);
    expect(page.headers).toHaveLength(2);
    expect(page.token).toMatchObject({ completeListSize: 5, cursor: 0 });
    const all = await harvest(t.app, { verb: 'ListIdentifiers', metadataPrefix: 'oai_dc' });
    const last = listOf(all.pages.at(-1) as OaiAnswer);
    expect(last.token).toEqual({ value: '', completeListSize: 5, cursor: 4 });
    expect(all.pages.map((p) => listOf(p).token?.cursor)).toEqual([0, 2, 4]);
    const byId = new Map(all.headers.map((h) => [h.id, h]));
    expect(new Set(byId.keys())).toEqual(
      new Set([ids.soil, ids.aerial, ids.withdrawn, ids.hidden, ids.deleted]),
    );
    expect(all.headers).toHaveLength(5);
    for (const name of ['withdrawn', 'hidden', 'deleted']) {
      expect(byId.get(ids[name] as string)?.deleted, name).toBe(true);
    }
    expect(byId.get(ids.soil as string)).toMatchObject({
      identifier: oaiId(ids.soil as string),
      deleted: false,
      setSpecs: ['inspireTheme:ge', 'type:dataset'],
    });
    // In datestamp order, as the keyset pages them.
    const stamps = all.headers.map((h) => h.datestamp);
    expect(stamps).toEqual([...stamps].sort());
  });

  it('ListRecords writes Dublin Core and ISO 19139; deleted records have a header only', async () => {
    const dc = await harvest(t.app, { verb: 'ListRecords', metadataPrefix: 'oai_dc' });
    const soil = dc.records.find((r) => r.id === ids.soil);
    expect(soil?.titles).toEqual(['Bodenkarte', 'Soil map']);
    expect(soil?.metadata).toBeDefined();
    const withdrawn = dc.records.find((r) => r.id === ids.withdrawn);
    expect(withdrawn).toMatchObject({ deleted: true, metadata: undefined });
    const soilXml = dc.pages.map((p) => p.body).find((b) => b.includes('Bodenkarte')) as string;
    expect(soilXml).toContain(
      `<dc:identifier>https://${HOST}/metadata/${ids.soil}</dc:identifier>`,
    );
    expect(soilXml).toContain('<dc:title xml:lang="de">Bodenkarte</dc:title>');
    expect(soilXml).toContain('<dc:type>dataset</dc:type>');
    expect(soilXml).toContain('westlimit=5.87; southlimit=50.32; eastlimit=9.46; northlimit=52.53');

    const iso = await harvest(t.app, { verb: 'ListRecords', metadataPrefix: 'iso19139' });
    expect(iso.records).toHaveLength(5);
    const isoBodies = iso.pages.map((p) => p.body).join('\n');
    expect(isoBodies).toContain(`<gco:CharacterString>${ids.soil}</gco:CharacterString>`);
    expect(isoBodies).not.toContain('Zurückgezogen');
  });

  it('GetRecord answers a record in both formats and a deleted one as a header', async () => {
    const dc = await get({
      verb: 'GetRecord',
      identifier: oaiId(ids.aerial as string),
      metadataPrefix: 'oai_dc',
    });
    expect(dc.request).toEqual({
      verb: 'GetRecord',
      identifier: oaiId(ids.aerial as string),
      metadataPrefix: 'oai_dc',
    });
    expect(recordOf(dc)).toMatchObject({
      titles: ['Luftbilder'],
      deleted: false,
      setSpecs: ['inspireTheme:oi', 'type:service'],
    });
    const iso = await get({
      verb: 'GetRecord',
      identifier: oaiId(ids.aerial as string),
      metadataPrefix: 'iso19139',
    });
    expect(iso.body).toContain('MD_Metadata');
    expect(iso.body).toContain('Luftbilder');
    const deleted = recordOf(
      await get({
        verb: 'GetRecord',
        identifier: oaiId(ids.deleted as string),
        metadataPrefix: 'oai_dc',
      }),
    );
    expect(deleted).toMatchObject({ deleted: true, metadata: undefined });
  });

  it('never answers drafts or submissions, not even as deleted', async () => {
    for (const name of ['draft', 'submitted']) {
      const answer = await get({
        verb: 'GetRecord',
        identifier: oaiId(ids[name] as string),
        metadataPrefix: 'oai_dc',
      });
      expect(errorOf(answer), name).toBe('idDoesNotExist');
      expect(answer.body).not.toContain('Entwurf');
    }
  });

  it('selects by datestamp with second and day granularity', async () => {
    const idsOf = async (args: Record<string, string>) =>
      (
        await harvest(t.app, { verb: 'ListIdentifiers', metadataPrefix: 'oai_dc', ...args })
      ).headers.map((h) => h.id);
    const all = await harvest(t.app, { verb: 'ListIdentifiers', metadataPrefix: 'oai_dc' });
    const soilStamp = all.headers.find((h) => h.id === ids.soil)?.datestamp as string;
    // until is inclusive at its granularity; from too.
    expect(await idsOf({ until: soilStamp })).toEqual([ids.soil]);
    expect(await idsOf({ from: soilStamp, until: soilStamp })).toEqual([ids.soil]);
    expect((await idsOf({ from: settled })).length).toBe(0);
    expect(await idsOf({ from: '2026-01-15', until: '2026-01-15' })).toHaveLength(5);
    expect(
      errorOf(
        await get({ verb: 'ListIdentifiers', metadataPrefix: 'oai_dc', until: '2026-01-14' }),
      ),
    ).toBe('noRecordsMatch');
    expect(
      errorOf(
        await get({ verb: 'ListRecords', metadataPrefix: 'oai_dc', from: '2030-01-01T00:00:00Z' }),
      ),
    ).toBe('noRecordsMatch');
    expect(errorOf(empty.listRecords as OaiAnswer)).toBe('noRecordsMatch');
  });

  it('selects by set, a top set taking all below it', async () => {
    const idsOf = async (set: string) =>
      (await harvest(t.app, { verb: 'ListIdentifiers', metadataPrefix: 'oai_dc', set })).headers
        .filter((h) => !h.deleted)
        .map((h) => h.id);
    expect(await idsOf('type:service')).toEqual([ids.aerial]);
    expect(new Set(await idsOf('type'))).toEqual(new Set([ids.soil, ids.aerial]));
    expect(await idsOf('inspireTheme:ge')).toEqual([ids.soil]);
    // Deleted records keep the sets they were harvested in.
    const deletedInGe = (
      await harvest(t.app, {
        verb: 'ListIdentifiers',
        metadataPrefix: 'oai_dc',
        set: 'inspireTheme:ge',
      })
    ).headers.filter((h) => h.deleted);
    expect(new Set(deletedInGe.map((h) => h.id))).toEqual(
      new Set([ids.withdrawn, ids.hidden, ids.deleted]),
    );
    expect(
      errorOf(await get({ verb: 'ListRecords', metadataPrefix: 'oai_dc', set: 'type:map' })),
    ).toBe('noRecordsMatch');
    expect(
      errorOf(await get({ verb: 'ListRecords', metadataPrefix: 'oai_dc', set: 'keyword:x' })),
    ).toBe('noRecordsMatch');
  });

  it('badVerb: missing, unknown or repeated verbs; only the base URL is echoed', async () => {
    for (const args of [
      {} as Record<string, string>,
      { verb: 'Harvest' },
      [
        ['verb', 'Identify'],
        ['verb', 'Identify'],
      ] as [string, string][],
    ]) {
      const answer = await get(args);
      expect(errorOf(answer), JSON.stringify(args)).toBe('badVerb');
      expect(answer.request).toEqual({});
    }
  });

  it('badArgument: unknown, repeated, missing or malformed arguments', async () => {
    const cases: (Record<string, string> | [string, string][])[] = [
      { verb: 'Identify', identifier: 'x' },
      { verb: 'ListRecords' },
      { verb: 'ListRecords', metadataPrefix: 'oai_dc', color: 'red' },
      [
        ['verb', 'ListRecords'],
        ['metadataPrefix', 'oai_dc'],
        ['metadataPrefix', 'oai_dc'],
      ],
      { verb: 'GetRecord', metadataPrefix: 'oai_dc' },
      { verb: 'GetRecord', identifier: oaiId(ids.soil as string) },
      { verb: 'ListRecords', metadataPrefix: 'oai_dc', from: '2026-01-15T10:00Z' },
      { verb: 'ListRecords', metadataPrefix: 'oai_dc', from: '2026-02-30' },
      { verb: 'ListRecords', metadataPrefix: 'oai_dc', from: '2026-01-15T10:00:00.000Z' },
      {
        verb: 'ListRecords',
        metadataPrefix: 'oai_dc',
        from: '2026-01-15',
        until: '2026-01-16T00:00:00Z',
      },
      { verb: 'ListRecords', metadataPrefix: 'oai_dc', from: '2026-01-16', until: '2026-01-15' },
      { verb: 'ListRecords', metadataPrefix: 'oai_dc', set: 'a b' },
      { verb: 'ListRecords', metadataPrefix: 'oai dc' },
      { verb: 'ListRecords', metadataPrefix: 'oai_dc', resumptionToken: 'x' },
    ];
    for (const args of cases) {
      const answer = await get(args);
      expect(errorOf(answer), JSON.stringify(args)).toBe('badArgument');
      expect(answer.request).toEqual({});
    }
  });

  it('cannotDisseminateFormat and idDoesNotExist echo the request', async () => {
    const format = await get({ verb: 'ListRecords', metadataPrefix: 'marc21' });
    expect(errorOf(format)).toBe('cannotDisseminateFormat');
    expect(format.request).toEqual({ verb: 'ListRecords', metadataPrefix: 'marc21' });
    expect(
      errorOf(
        await get({
          verb: 'GetRecord',
          identifier: oaiId(ids.soil as string),
          metadataPrefix: 'dcat',
        }),
      ),
    ).toBe('cannotDisseminateFormat');
    expect(
      errorOf(
        await get({
          verb: 'GetRecord',
          identifier: oaiId('AAAAAAAAAAAAAAAAAAAAAA'),
          metadataPrefix: 'oai_dc',
        }),
      ),
    ).toBe('idDoesNotExist');
  });

  it('badResumptionToken: forged, altered or of another verb', async () => {
    const page = listOf(await get({ verb: 'ListRecords', metadataPrefix: 'oai_dc' }));
    const token = page.token?.value as string;
    const [payload, mac] = token.split('.') as [string, string];
    const state = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const altered = `${Buffer.from(JSON.stringify({ ...state, cursor: 0, after: { datestamp: '', id: '' } })).toString('base64url')}.${mac}`;
    for (const bad of ['x', `${payload}.${'A'.repeat(22)}`, altered, `${token}x`]) {
      expect(errorOf(await get({ verb: 'ListRecords', resumptionToken: bad })), bad).toBe(
        'badResumptionToken',
      );
    }
    expect(errorOf(await get({ verb: 'ListIdentifiers', resumptionToken: token }))).toBe(
      'badResumptionToken',
    );
    // The genuine token works.
    expect((await get({ verb: 'ListRecords', resumptionToken: token })).errors).toEqual([]);
  });

  it('a withdrawn record comes back as deleted on the next incremental harvest', async () => {
    const before = await harvest(t.app, { verb: 'ListRecords', metadataPrefix: 'oai_dc' });
    expect(before.records.find((r) => r.id === ids.soil)?.deleted).toBe(false);
    tick();
    const api = apiCaller(t.app);
    const withdrawn = await api('PUT', `/object/${ids.soil}/state`, withToken(tokens.editor), {
      state: 'withdrawn',
    });
    expect(withdrawn.statusCode).toBe(200);
    const withdrawnAt = seconds(clock());
    tick();
    const next = await harvest(t.app, {
      verb: 'ListRecords',
      metadataPrefix: 'oai_dc',
      from: before.responseDate,
    });
    expect(next.records).toEqual([
      expect.objectContaining({
        id: ids.soil,
        deleted: true,
        datestamp: withdrawnAt,
        metadata: undefined,
      }),
    ]);
    // Published again and made public by an access change alone: the next harvest has it.
    tick();
    for (const state of ['draft', 'submitted', 'published']) {
      const res = await api(
        'PUT',
        `/object/${ids.soil}/state`,
        withToken(state === 'submitted' ? tokens.owner : tokens.editor),
        {
          state,
          comment: 'Überarbeitet',
        },
      );
      expect(res.statusCode, state).toBe(200);
    }
    tick();
    await setPublic(ids.soil as string, false);
    tick();
    const mark = seconds(clock());
    tick();
    await setPublic(ids.soil as string, true);
    tick();
    const shown = await harvest(t.app, {
      verb: 'ListRecords',
      metadataPrefix: 'oai_dc',
      from: mark,
    });
    expect(shown.records).toEqual([
      expect.objectContaining({ id: ids.soil, deleted: false, titles: ['Bodenkarte', 'Soil map'] }),
    ]);
  });

  it('resumption tokens survive a restart: another process on the database continues the list', async () => {
    const token = listOf(await get({ verb: 'ListRecords', metadataPrefix: 'oai_dc' })).token
      ?.value as string;
    const continued = await get({ verb: 'ListRecords', resumptionToken: token });
    expect(continued.errors).toEqual([]);
    await t.app.close();
    const again = await buildApp(t.config, { clock });
    try {
      const res = await again.inject({
        method: 'GET',
        url: `/oai?${new URLSearchParams({ verb: 'ListRecords', resumptionToken: token })}`,
      });
      expect(res.body).toBe(continued.body);
    } finally {
      await again.close();
      // `t.close()` in afterAll closes the already closed app again and removes the data.
    }
  });
});
