import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoRecords } from '../../db/seed/demo-records.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import {
  DCAT,
  objectsOf,
  ofType,
  parseRdf,
  parseTurtle,
  type ShaclResult,
  validateDcat,
} from './dcat.test-helpers.js';

/**
 * Every demo record's DCAT-AP.de output conforms to the DCAT-AP.de 2.0 shapes (the
 * "Spezifikation" and "Konventionen" profiles with the DCAT-AP 2.1.1 ranges): no result of
 * severity Violation, through the catalogue in all three serializations and per record.
 */

const CONTRIBUTOR = 'http://dcat-ap.de/def/contributors/transparenzportalHamburg';

const show = (results: ShaclResult[]) =>
  results
    .slice(0, 10)
    .map((r) => `${r.focusNode} ${r.path}: ${r.message}`)
    .join('\n');

describe('DCAT-AP.de of the demo catalogue against the SHACL shapes', () => {
  let t: TestApp;
  const published = demoRecords.filter((r) => r.state === 'published').length;

  beforeAll(async () => {
    t = await createTestApp(
      { name: 'pglite' },
      {
        DEMO_DATA: 'true',
        PUBLIC_URL: 'https://geoportal.example.org',
        DCAT_CONTRIBUTOR_ID: CONTRIBUTOR,
        DCAT_PAGE_SIZE: '1000',
      },
    );
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  for (const extension of ['ttl', 'rdf', 'jsonld']) {
    it(`the whole catalogue as .${extension}: every published demo record, violations 0`, async () => {
      const res = await t.app.inject({ url: `/dcat/catalog.${extension}` });
      expect(res.statusCode).toBe(200);
      const quads = await parseRdf(res.body, String(res.headers['content-type']));
      const datasets = ofType(quads, `${DCAT}Dataset`);
      expect(datasets).toHaveLength(published);
      const { violations, warnings } = await validateDcat(quads);
      expect(violations, show(violations)).toEqual([]);
      // Recommendations are followed as far as the records carry the facts: no warning says
      // that something written is wrong (a vocabulary, a range, a deprecated term). Left are
      // recommendations without facts (below) and two kinds of warning: a place named by its GeoNames or EU IRI carries no geometry of its
      // own (the shape says to ignore it then; the box is a location of its own beside it),
      // and agents and licences have no dct:type: records do not tell the ADMS publisher type,
      // and the licence's type belongs to DCAT-AP.de's licence list, not to each dataset.
      const places = warnings.filter((w) => w.message.startsWith('dct:Location: SOLL'));
      for (const w of places) {
        expect(w.focusNode).toMatch(/^http:\/\/(sws\.geonames\.org|publications\.europa\.eu)\//);
      }
      const agentTypes = warnings.filter((w) => w.path === 'http://purl.org/dc/terms/type');
      const agents = new Set([
        ...ofType(quads, 'http://xmlns.com/foaf/0.1/Agent'),
        ...ofType(quads, 'http://purl.org/dc/terms/LicenseDocument'),
      ]);
      for (const w of agentTypes) expect(agents.has(w.focusNode), w.focusNode).toBe(true);
      // Recommended properties a record or the site has no fact for ("Less than 1 values"):
      // a temporal extent, a distribution, an end date, the catalogue's licence and the like.
      const missing = warnings.filter((w) => w.message === 'Less than 1 values');
      const others = warnings.filter(
        (w) => !places.includes(w) && !agentTypes.includes(w) && !missing.includes(w),
      );
      expect(others, show(others)).toEqual([]);
    }, 120_000);
  }

  it('each published demo record on its own (?format=dcat), violations 0', async () => {
    const ids = await t.app.db
      .selectFrom('object')
      .select('id')
      .where('state', '=', 'published')
      .execute();
    expect(ids).toHaveLength(published);
    for (const { id } of ids) {
      const res = await t.app.inject({ url: `/api/v1/object/${id}?format=dcat` });
      expect(res.statusCode).toBe(200);
      const quads = parseTurtle(res.body);
      const dataset = `https://geoportal.example.org/metadata/${id}#dataset`;
      expect(ofType(quads, `${DCAT}Dataset`)).toEqual([dataset]);
      expect(objectsOf(quads, dataset, 'http://dcat-ap.de/def/dcatde/contributorID')).toEqual([
        CONTRIBUTOR,
      ]);
      const { violations } = await validateDcat(quads);
      expect(violations, `${id}\n${show(violations)}`).toEqual([]);
    }
  }, 300_000);

  it('the validator does find violations: a dataset without title and publisher', async () => {
    const res = await t.app.inject({ url: '/dcat/catalog.ttl' });
    const quads = parseTurtle(res.body);
    const broken = quads.filter(
      (q) =>
        q.predicate.value !== 'http://purl.org/dc/terms/title' &&
        q.predicate.value !== 'http://purl.org/dc/terms/publisher' &&
        q.predicate.value !== 'http://purl.org/dc/terms/license',
    );
    const { violations } = await validateDcat(broken);
    const paths = new Set(violations.map((v) => v.path));
    expect(paths).toContain('http://purl.org/dc/terms/title');
    expect(paths).toContain('http://purl.org/dc/terms/publisher');
    expect(paths).toContain('http://purl.org/dc/terms/license');
  }, 120_000);
});
