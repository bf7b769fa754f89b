import { ErrorBody } from '@geoportal/contract/errors';
import { GitInfo, Health } from '@geoportal/contract/system';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app.js';

describe.each(testDatabases)('system endpoints on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(database);
  });
  afterAll(async () => {
    await t.close();
  });

  it('GET /api/v1/health reports the database as up', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(200);
    const body = Health.parse(res.json());
    expect(body).toMatchObject({ status: 'ok', database: 'up' });
    expect(body.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('GET /assets/git.json describes the build', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/git.json' });
    expect(res.statusCode).toBe(200);
    const info = GitInfo.parse(res.json());
    expect(info.commit).toMatch(/^([0-9a-f]{40}|unknown)$/);
    expect(Number.isNaN(Date.parse(info.buildTime))).toBe(false);
  });

  it('GET /api/v1/openapi.json documents the API with its error body', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/health',
        '/api/v1/i18n/availableLanguages',
        '/api/v1/i18n/{lang}',
      ]),
    );
    expect(doc.components.schemas.Error).toBeDefined();
  });

  it('GET /api/v1/docs serves the browsable documentation', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/docs' });
    const page =
      res.statusCode === 302
        ? await t.app.inject({ method: 'GET', url: res.headers.location as string })
        : res;
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('swagger');
  });

  it('unknown API paths answer a JSON 404 for every method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/api/v1/no/such/thing?x=1' });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
      expect(ErrorBody.parse(res.json())).toEqual({
        status: 404,
        code: 'route.not_found',
        message: `No endpoint answers ${method} /api/v1/no/such/thing.`,
      });
    }
  });

  it('unknown asset and geo-service paths are JSON 404s, not pages', async () => {
    for (const url of ['/assets/missing-chunk.js', '/geoth/nothing']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('route.not_found');
    }
  });

  it('health answers 503 with the uniform body shape when the database is gone', async () => {
    const other = await createTestApp(database);
    await other.app.db.destroy();
    const res = await other.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(503);
    expect(Health.parse(res.json())).toMatchObject({ status: 'unavailable', database: 'down' });
    await other.close().catch(() => {});
  });

  it('runs the migrations into the configured database', async () => {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(
      t.app.db,
    );
    expect(rows.map((r) => r.name)).toContain('0001-seed-run');
  });
});
