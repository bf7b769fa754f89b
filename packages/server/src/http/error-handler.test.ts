import { ErrorBody } from '@geoportal/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp, testDatabases } from '../test/test-app.js';

/** A probe endpoint that takes a JSON body, registered only by this test. */
const probe: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/v1/test-probe',
    { schema: { body: z.object({ title: z.string().min(1), count: z.number().int() }) } },
    async (request) => ({ received: request.body }),
  );
  app.get('/api/v1/test-crash', async () => {
    throw new Error('secret internal detail at /srv/geoportal/x.ts:12');
  });
};

describe.each(testDatabases)('uniform error body on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(database, { MAX_BODY_BYTES: '1024' });
    await t.app.register(probe);
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (payload: string, contentType = 'application/json') =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/test-probe',
      headers: { 'content-type': contentType },
      payload,
    });

  it('accepts a valid body (the probe works)', async () => {
    const res = await post(JSON.stringify({ title: 'x', count: 1 }));
    expect(res.statusCode).toBe(200);
  });

  it('answers malformed JSON with 400 request.malformed_json', async () => {
    for (const payload of ['{"title": "x",', "{'title':'x'}", '\u0000\u00ff{']) {
      const res = await post(payload);
      expect(res.statusCode).toBe(400);
      const body = ErrorBody.parse(res.json());
      expect(body.code).toBe('request.malformed_json');
      expect(body.message).toMatch(/not valid JSON/);
    }
  });

  it('answers an empty JSON body with 400', async () => {
    const res = await post('');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('request.malformed_json');
  });

  it('answers an oversize body with 413 request.too_large', async () => {
    const res = await post(JSON.stringify({ title: 'x'.repeat(5000), count: 1 }));
    expect(res.statusCode).toBe(413);
    expect(ErrorBody.parse(res.json())).toMatchObject({ status: 413, code: 'request.too_large' });
  });

  it('answers an unsupported content type with 415', async () => {
    const res = await post('title=x', 'application/x-www-form-urlencoded');
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('request.unsupported_media_type');
  });

  it('answers schema violations with 400 and the offending fields', async () => {
    const res = await post(JSON.stringify({ title: '', count: 'many' }));
    expect(res.statusCode).toBe(400);
    const body = ErrorBody.parse(res.json());
    expect(body.code).toBe('request.validation');
    expect(body.fields?.map((f) => f.path).sort()).toEqual(['body.count', 'body.title']);
  });

  it('rejects prototype pollution attempts', async () => {
    const res = await post('{"__proto__": {"admin": true}, "title": "x", "count": 1}');
    expect(res.statusCode).toBe(400);
    expect(ErrorBody.safeParse(res.json()).success).toBe(true);
  });

  it('answers unexpected failures with 500 and no internals', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/test-crash' });
    expect(res.statusCode).toBe(500);
    const body = ErrorBody.parse(res.json());
    expect(body).toEqual({
      status: 500,
      code: 'server.internal',
      message: 'An unexpected error occurred on the server. Please try again later.',
    });
    expect(res.body).not.toContain('secret');
  });
});
