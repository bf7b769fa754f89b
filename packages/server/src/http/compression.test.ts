import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCallers,
  fileUrl,
  recordFixture,
  sha256,
  upload,
} from '../modules/files/files.test-helpers.js';
import { createTestApp, type TestApp, testDatabases } from '../test/test-app.js';

// A GeoJSON file of about 60 KB: text that would shrink a lot if anything compressed it.
const geojson = Buffer.from(
  JSON.stringify({
    type: 'FeatureCollection',
    features: Array.from({ length: 600 }, (_, index) => ({
      type: 'Feature',
      properties: { name: `Messstelle ${index}` },
      geometry: { type: 'Point', coordinates: [10 + index / 1000, 51] },
    })),
  }),
);

describe.each(testDatabases)('compression on $name', (database) => {
  let t: TestApp;
  let tokens: Record<string, string>;
  let record: Awaited<ReturnType<typeof recordFixture>>;
  const owner = () => ({ accesstoken: tokens.owner as string });

  beforeAll(async () => {
    t = await createTestApp(database);
    tokens = await createCallers(t.app);
    record = await recordFixture(t.app, tokens, 'draft');
    const res = await upload(
      t.app,
      record.id,
      'data',
      { path: 'messstellen.geojson', content: geojson },
      owner(),
    );
    expect(res.statusCode).toBe(201);
  });
  afterAll(async () => {
    await t.close();
  });

  it('sends API JSON brotli- or gzip-compressed to browsers that accept it', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/v1/i18n/de' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const text = plain.body;
    expect(text.length).toBeGreaterThan(10_000);

    const br = await t.app.inject({
      method: 'GET',
      url: '/api/v1/i18n/de',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.rawPayload.length).toBeLessThan(text.length / 3);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(text);

    const gzip = await t.app.inject({
      method: 'GET',
      url: '/api/v1/i18n/de',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(text);
  });

  it('leaves small answers as they are', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/health',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('hands out stored files byte for byte, with their length, also by a signed URL', async () => {
    const headers = { ...owner(), 'accept-encoding': 'gzip, br' };
    const direct = await t.app.inject({
      method: 'GET',
      url: fileUrl(record.id, 'data', 'messstellen.geojson'),
      headers,
    });
    expect(direct.statusCode).toBe(200);
    expect(direct.headers['content-encoding']).toBeUndefined();
    expect(direct.headers['content-length']).toBe(String(geojson.length));
    expect(sha256(direct.rawPayload)).toBe(sha256(geojson));

    const issued = await t.app.inject({
      method: 'POST',
      url: `/api/v1/object/${record.id}/data/bearer`,
      headers: owner(),
    });
    expect(issued.statusCode).toBe(200);
    const signed = await t.app.inject({
      method: 'GET',
      url: `${issued.json().prefix}messstellen.geojson`,
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(signed.statusCode).toBe(200);
    expect(signed.headers['content-encoding']).toBeUndefined();
    expect(sha256(signed.rawPayload)).toBe(sha256(geojson));
  });
});
