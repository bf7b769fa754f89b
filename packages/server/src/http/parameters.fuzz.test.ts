import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, signIn, withToken } from '../test/access-helpers.js';
import { completeMetadata } from '../test/record-fixtures.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

/**
 * Every date, number and enum parameter the API documents, and the standards' own, with
 * values at and beyond their edges: no answer is a 5xx. A date of year 0 or 10000 reached
 * the database before and answered 500 with a stack trace in the log; OAI-PMH wrapped its
 * badArgument in an HTTP 500.
 */

/** Values at and beyond the edges of dates, numbers and code lists. */
const edgeValues = [
  '0000-01-01',
  '0000-01-01T00:00:00Z',
  '0001-01-01',
  '9999-12-31T23:59:59Z',
  '10000-01-01',
  '+010000-01-01T00:00:00Z',
  '-000001-01-01T00:00:00Z',
  '2024-02-30',
  '2024-13-01T00:00:00Z',
  '1970-01-01T00:00:00+14:00',
  '0',
  '-1',
  '1.5',
  '1e308',
  '99999999999999999999999',
  'NaN',
  'Infinity',
  '',
  ' ',
  'x'.repeat(5000),
  '%00',
  '\u00e4\u00f6\u00fc',
];

interface Operation {
  path: string;
  parameters: { name: string; in: string }[];
}

/** The GET operations of the OpenAPI document and their query parameters. */
function getOperations(doc: {
  paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>;
}): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) => {
    const get = methods.get;
    return get ? [{ path, parameters: get.parameters ?? [] }] : [];
  });
}

describe('edge values in every documented and every standard parameter', () => {
  let t: TestApp;
  let admin = '';
  let recordId = '';

  beforeAll(async () => {
    t = await createTestApp({ name: 'pglite' });
    await createAccount(t.app, 'root', 'root password 1', { role: 'administrator' });
    admin = await signIn(t.app, 'root', 'root password 1');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/object',
      headers: { ...withToken(admin), 'content-type': 'application/json' },
      payload: JSON.stringify({ type: 'dataset', metadata: completeMetadata() }),
    });
    expect(created.statusCode, created.body).toBe(201);
    recordId = created.json().id;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  /** Requests `url` as the administrator and as a visitor; answers the 5xx ones. */
  async function serverErrors(urls: string[]): Promise<string[]> {
    const failed: string[] = [];
    for (const url of urls) {
      for (const headers of [withToken(admin), {}]) {
        const res = await t.app.inject({ method: 'GET', url, headers });
        if (res.statusCode >= 500) failed.push(`${res.statusCode} ${url.slice(0, 160)}`);
      }
    }
    return failed;
  }

  const query = (name: string, value: string) =>
    `${encodeURIComponent(name)}=${encodeURIComponent(value)}`;

  it('the REST API: every query parameter of every GET operation', async () => {
    const res = await t.app.inject({ url: '/api/v1/openapi.json' });
    const operations = getOperations(res.json());
    const queried = operations.filter((op) => op.parameters.some((p) => p.in === 'query'));
    // The search, the audit log, the processes and the object lists at least.
    expect(queried.length).toBeGreaterThan(5);
    const urls = queried.flatMap((op) => {
      const path = `/api/v1${op.path}`
        .replace(/\{id\}|\{objectId\}/g, recordId)
        .replace(/\{[^}]+\}/g, 'probe');
      return op.parameters
        .filter((p) => p.in === 'query')
        .flatMap((p) => edgeValues.map((value) => `${path}?${query(p.name, value)}`));
    });
    expect(await serverErrors(urls)).toEqual([]);
  }, 120_000);

  it('OAI-PMH: from and until answer badArgument with HTTP 200', async () => {
    const urls = edgeValues.flatMap((value) =>
      ['from', 'until'].flatMap((name) =>
        ['ListRecords', 'ListIdentifiers'].map(
          (verb) => `/oai?verb=${verb}&metadataPrefix=oai_dc&${query(name, value)}`,
        ),
      ),
    );
    expect(await serverErrors(urls)).toEqual([]);
    for (const value of ['0000-01-01', '0000-01-01T00:00:00Z', '10000-01-01']) {
      const res = await t.app.inject({
        url: `/oai?verb=ListRecords&metadataPrefix=oai_dc&${query('from', value)}`,
      });
      expect(res.statusCode, value).toBe(200);
      expect(res.body, value).toContain('code="badArgument"');
    }
  }, 60_000);

  it('OGC API Records: datetime, filter dates, limit, offset and bbox', async () => {
    const items = '/ogcapi/collections/metadata/items';
    const urls = edgeValues.flatMap((value) => [
      `${items}?${query('datetime', value)}`,
      `${items}?${query('datetime', `${value}/..`)}`,
      `${items}?${query('filter', `updated > DATE('${value}')`)}`,
      `${items}?${query('filter', `created < TIMESTAMP('${value}')`)}`,
      `${items}?${query('filter', `updated = '${value}'`)}`,
      `${items}?${query('limit', value)}`,
      `${items}?${query('offset', value)}`,
      `${items}?${query('bbox', `${value},0,1,1`)}`,
      `${items}?${query('sortby', value)}`,
    ]);
    expect(await serverErrors(urls)).toEqual([]);
    const res = await t.app.inject({ url: `${items}?datetime=0000-01-01` });
    expect(res.statusCode).toBe(400);
  }, 120_000);

  it('CSW: dates in constraints, record counts and positions', async () => {
    const getRecords =
      '/csw?service=CSW&version=2.0.2&request=GetRecords&typeNames=csw:Record&resultType=results';
    const urls = edgeValues.flatMap((value) => [
      `${getRecords}&constraintLanguage=CQL_TEXT&constraint_language_version=1.1.0&${query('constraint', `Modified > '${value}'`)}`,
      `${getRecords}&constraintLanguage=CQL_TEXT&constraint_language_version=1.1.0&${query('constraint', `apiso:RevisionDate < '${value}'`)}`,
      `${getRecords}&${query('maxRecords', value)}`,
      `${getRecords}&${query('startPosition', value)}`,
    ]);
    expect(await serverErrors(urls)).toEqual([]);
  }, 120_000);

  it('DCAT and the sitemap: page numbers', async () => {
    const urls = edgeValues.flatMap((value) => [
      `/dcat/catalog.ttl?${query('page', value)}`,
      `/sitemap-${encodeURIComponent(value)}.xml`,
    ]);
    expect(await serverErrors(urls)).toEqual([]);
  }, 60_000);
});
