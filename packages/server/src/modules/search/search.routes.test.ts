import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app.js';
import {
  createRecord,
  searchAccounts,
  searchGet,
  searchOk,
  searchUrl,
  type Tokens,
} from './search.test-helpers.js';

describe.each(testDatabases)('search on $name', (database) => {
  let t: TestApp;
  let tokens: Tokens;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp(database);
    tokens = await searchAccounts(t.app);
    ids.groundwater = await createRecord(t.app, tokens, {
      title: {
        de: 'Messstellen des Grundwassers in Bayern',
        en: 'Groundwater monitoring wells in Bavaria',
      },
      abstract: {
        de: 'Lage und Stammdaten der Grundwassermessstellen.',
        en: 'Location of the boreholes used for monitoring.',
      },
      keywords: ['Grundwasser', 'Messnetz'],
      extent: { west: 8.97, south: 47.27, east: 13.84, north: 50.56 },
      dates: { publication: '2021-05-01' },
      licence: 'cc-by-4.0',
    });
    ids.soil = await createRecord(t.app, tokens, {
      title: { de: 'Bodenkarte von Niedersachsen', en: 'Soil map of Lower Saxony' },
      abstract: {
        de: 'Böden und ihre Eigenschaften.',
        en: 'Soils and their properties, mapped from a borehole.',
      },
      keywords: ['Boden'],
      topicCategories: ['geoscientificInformation'],
      classifiedKeywords: [{ classification: 'inspireTheme', code: 'so' }],
      extent: { west: 6.65, south: 51.29, east: 11.6, north: 53.89 },
      dates: { publication: '2019-02-01', revision: '2023-07-01' },
    });
    ids.pacific = await createRecord(t.app, tokens, {
      title: { en: 'Pacific seafloor across the date line' },
      abstract: { en: 'A survey crossing the antimeridian.' },
      keywords: ['Meeresboden'],
      extent: { west: 170, south: -20, east: -170, north: -10 },
      dates: { creation: '2010-01-01' },
      temporalExtent: { start: '2001-01-01', end: '2005-12-31' },
    });
    ids.draft = await createRecord(
      t.app,
      tokens,
      { title: { de: 'Entwurf Grundwasser Hessen', en: 'Draft groundwater Hesse' } },
      'draft',
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  const titles = (r: { docs: { id: string }[] }) =>
    r.docs.map((d) => Object.entries(ids).find(([, id]) => id === d.id)?.[0]);

  it('stems German and English words', async () => {
    expect(titles(await searchOk(t.app, searchUrl('Grundwasser')))).toEqual(['groundwater']);
    const inflected = await searchOk(t.app, searchUrl('Grundwassers'));
    expect(titles(inflected)).toEqual(['groundwater']);
    // The German title marks the word in the form it is written there.
    const marked = (parts?: { text: string; match: boolean }[]) =>
      (parts ?? []).filter((p) => p.match).map((p) => p.text);
    expect(marked(inflected.docs[0]?.highlights.title.de)).toEqual(['Grundwassers']);
    const boreholes = await searchOk(t.app, searchUrl('borehole', { sort: ['title asc'] }));
    expect(
      marked(boreholes.docs.find((d) => d.id === ids.groundwater)?.highlights.abstract.en),
    ).toEqual(['boreholes']);
    expect(titles(await searchOk(t.app, searchUrl('boreholes'))).sort()).toEqual([
      'groundwater',
      'soil',
    ]);
    expect(titles(await searchOk(t.app, searchUrl('borehole'))).sort()).toEqual([
      'groundwater',
      'soil',
    ]);
  });

  it('finds phrases, prefixes and field terms, and answers highlights', async () => {
    const phrase = await searchOk(t.app, searchUrl('"Soil map"'));
    expect(titles(phrase)).toEqual(['soil']);
    expect(phrase.docs[0]?.highlights.title.en?.filter((p) => p.match).map((p) => p.text)).toEqual([
      'Soil',
      'map',
    ]);
    expect(titles(await searchOk(t.app, searchUrl('"map Soil"')))).toEqual([]);
    // Found by their word pairs, with stop words inside, longer, negated, beside other words.
    expect(titles(await searchOk(t.app, searchUrl('"Lower Saxony"')))).toEqual(['soil']);
    expect(titles(await searchOk(t.app, searchUrl('"Saxony Lower"')))).toEqual([]);
    expect(titles(await searchOk(t.app, searchUrl('"Messstellen des Grundwassers"')))).toEqual([
      'groundwater',
    ]);
    expect(titles(await searchOk(t.app, searchUrl('"monitoring wells in Bavaria"')))).toEqual([
      'groundwater',
    ]);
    expect(titles(await searchOk(t.app, searchUrl('"wells monitoring in Bavaria"')))).toEqual([]);
    expect(titles(await searchOk(t.app, searchUrl('borehole NOT "soil map"')))).toEqual([
      'groundwater',
    ]);
    expect(
      titles(await searchOk(t.app, searchUrl('"soils and their properties" OR Bayern'))).sort(),
    ).toEqual(['groundwater', 'soil']);
    expect(titles(await searchOk(t.app, searchUrl('grundw*')))).toEqual(['groundwater']);
    // Prefixes reach the stems of the abstracts too ("boreholes").
    expect(titles(await searchOk(t.app, searchUrl('boreh*'))).sort()).toEqual([
      'groundwater',
      'soil',
    ]);
    expect(titles(await searchOk(t.app, searchUrl('grundwasser*')))).toEqual(['groundwater']);
    expect(titles(await searchOk(t.app, searchUrl('boden* NOT niedersachsen')))).toEqual([]);
    expect(titles(await searchOk(t.app, searchUrl('title:Boden*')))).toEqual(['soil']);
    // A field term finds the word in that field only: "borehole" is in two abstracts, in no
    // title; "Grundwasser" a keyword of one record, and in another's title (the draft's).
    expect(titles(await searchOk(t.app, searchUrl('borehole'))).sort()).toEqual([
      'groundwater',
      'soil',
    ]);
    expect(titles(await searchOk(t.app, searchUrl('title:borehole')))).toEqual([]);
    expect(titles(await searchOk(t.app, searchUrl('abstract:borehole'))).sort()).toEqual([
      'groundwater',
      'soil',
    ]);
    expect(titles(await searchOk(t.app, searchUrl('keyword:Messnetz')))).toEqual(['groundwater']);
    expect(titles(await searchOk(t.app, searchUrl('title:Messnetz')))).toEqual([]);
    expect(titles(await searchOk(t.app, searchUrl('title:"soil map"')))).toEqual(['soil']);
    expect(titles(await searchOk(t.app, searchUrl('title:"map soil"')))).toEqual([]);
    // Stemmed in the field as well, and marked in the title.
    const field = await searchOk(t.app, searchUrl('title:Grundwasser'));
    expect(titles(field)).toEqual(['groundwater']);
    expect(field.docs[0]?.highlights.title.de?.filter((p) => p.match).map((p) => p.text)).toEqual([
      'Grundwassers',
    ]);
    expect(titles(await searchOk(t.app, searchUrl('Boden NOT Niedersachsen')))).toEqual([]);
    expect(titles(await searchOk(t.app, searchUrl('Bayern OR Niedersachsen'))).sort()).toEqual([
      'groundwater',
      'soil',
    ]);
  });

  it('shows drafts only to who may read them', async () => {
    expect(titles(await searchOk(t.app, searchUrl('Hessen')))).toEqual([]);
    expect(titles(await searchOk(t.app, searchUrl('Hessen'), tokens.owner))).toEqual(['draft']);
    expect(titles(await searchOk(t.app, searchUrl('Hessen'), tokens.other))).toEqual([]);
    expect(titles(await searchOk(t.app, searchUrl('Hessen'), tokens.editor))).toEqual(['draft']);
  });

  it('filters by fq and counts facets', async () => {
    const all = await searchOk(t.app, searchUrl('*'));
    expect(all.numFound).toBe(3);
    expect(all.facets.licence).toContainEqual({ value: 'cc-by-4.0', count: 1 });
    expect(all.facets.year.map((f) => f.value).sort()).toEqual(['2010', '2021', '2023']);
    const licence = await searchOk(t.app, searchUrl('*', { fq: ['licence:cc-by-4.0'] }));
    expect(titles(licence)).toEqual(['groundwater']);
    // The filtered facet keeps its other values (multi-select); the others are narrowed.
    expect(licence.facets.licence.length).toBeGreaterThan(1);
    expect(licence.facets.year).toEqual([{ value: '2021', count: 1 }]);
    expect(
      titles(await searchOk(t.app, searchUrl('*', { fq: ['year:[2020 TO *]'] }))).sort(),
    ).toEqual(['groundwater', 'soil']);
    expect(
      titles(await searchOk(t.app, searchUrl('*', { fq: ['-keyword:Boden'] }))).sort(),
    ).toEqual(['groundwater', 'pacific']);
    expect(
      titles(await searchOk(t.app, searchUrl('*', { fq: ['keyword:(Boden OR Messnetz)'] }))).sort(),
    ).toEqual(['groundwater', 'soil']);
    expect(
      titles(await searchOk(t.app, searchUrl('*', { fq: ['temporal:[2004 TO 2010]'] }))),
    ).toEqual(['pacific']);
    expect(titles(await searchOk(t.app, searchUrl('*', { fq: ['bbox:179,-15,180,-12'] })))).toEqual(
      ['pacific'],
    );
    expect(
      titles(await searchOk(t.app, searchUrl('*', { fq: ['bbox:175,-15,-175,-12'] }))),
    ).toEqual(['pacific']);
    expect(titles(await searchOk(t.app, searchUrl('*', { fq: ['bbox:10,48,11,49'] })))).toEqual([
      'groundwater',
    ]);
    expect(titles(await searchOk(t.app, searchUrl('*', { fq: ['inspireTheme:so'] })))).toEqual([
      'soil',
    ]);
  });

  it('sorts and pages', async () => {
    const byTitle = await searchOk(t.app, searchUrl('*', { sort: ['title asc'] }));
    expect(titles(byTitle)).toEqual(['soil', 'groundwater', 'pacific']);
    const page = await searchOk(t.app, searchUrl('*', { sort: ['title asc'], start: 1, rows: 1 }));
    expect(titles(page)).toEqual(['groundwater']);
    expect(page.numFound).toBe(3);
    const beyond = await searchOk(t.app, searchUrl('*', { start: 10, rows: 5 }));
    expect(beyond.docs).toEqual([]);
    expect(beyond.numFound).toBe(3);
  });

  it('answers footprints and suggestions', async () => {
    const spatial = await searchGet(t.app, '/index/search/objects/spatial/*/1/50?zoom=3');
    expect(spatial.status).toBe(200);
    expect(spatial.body.numberMatched).toBe(3);
    const pacific = spatial.body.features.find((f: { id: string }) => f.id === ids.pacific);
    expect(pacific.geometry.type).toBe('MultiPolygon');
    const suggestions = await searchGet(t.app, '/index/suggest/objects/Grundwaser');
    expect(suggestions.status).toBe(200);
    expect(suggestions.body.suggestions.map((s: { text: string }) => s.text)).toContain(
      'Grundwasser',
    );
  });

  it('answers 400 with a message for bad queries', async () => {
    for (const url of [
      searchUrl('"open'),
      searchUrl('(a OR b'),
      searchUrl('unknown:x'),
      searchUrl('*', { fq: ['year:[2020 TO 2010]'] }),
      searchUrl('*', { rows: 1000 }),
      searchUrl('*', { sort: ['size desc'] }),
      searchUrl('*', { fq: ['bbox:1,2,3'] }),
    ]) {
      const res = await searchGet(t.app, url);
      expect(res.status, url).toBe(400);
      expect(res.body.code).toBe('search.query_invalid');
      expect(res.body.message.length).toBeGreaterThan(10);
      // Every refusal names its reason, so the web app can say it in the user's language.
      expect(res.body.fields[0].reason, url).toMatch(/^[a-zA-Z]+$/);
    }
  });

  it('names the reason, its values and the position of a query problem for translation', async () => {
    const quote = await searchGet(t.app, searchUrl('Boden "open'));
    expect(quote.body.fields).toEqual([
      {
        path: 'query',
        reason: 'unclosedQuote',
        values: {},
        position: 6,
        message: 'A quotation mark is not closed. Close the phrase with " or remove the mark.',
      },
    ]);
    expect(quote.body.message).toBe(
      'query: A quotation mark is not closed. Close the phrase with " or remove the mark. (at character 7)',
    );
    const range = await searchGet(t.app, searchUrl('*', { fq: ['year:[2020 TO 2010]'] }));
    expect(range.body.fields[0]).toMatchObject({
      path: 'fq',
      reason: 'rangeReversed',
      values: { from: '2020', to: '2010' },
    });
    const rows = await searchGet(t.app, searchUrl('*', { rows: 1000 }));
    expect(rows.body.fields[0]).toMatchObject({
      path: 'rows',
      reason: 'numberOutOfRange',
      values: { name: 'rows', min: 0 },
    });
  });
});
