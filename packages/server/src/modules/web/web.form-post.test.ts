import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { WebConfig } from '@geoportal/contract/web-config';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWebApp } from './web.routes.js';

/**
 * A page's form sent before its scripts started (the login form posts, so that a password
 * never goes into an address) comes back as the page, not as an error of the API.
 */
describe('a form posted to a page', () => {
  let dir: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'geoportal-web-'));
    await mkdir(path.join(dir, 'client', 'assets'), { recursive: true });
    await mkdir(path.join(dir, 'server'), { recursive: true });
    await writeFile(
      path.join(dir, 'server', 'index.js'),
      'export const entry = { module: { createLoadContext: () => ({}), createRequestHandler: () => async () => new Response("page") } };',
    );
    app = Fastify();
    app.decorateReply('scriptNonce', '');
    await registerWebApp(app, { dir }, {} as WebConfig);
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('is answered with its page again, unread', async () => {
    const answer = await app.inject({
      method: 'POST',
      url: '/login?returnTo=%2Fsearch',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=editor&password=secret',
    });
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe('/login?returnTo=%2Fsearch');
    expect(answer.body).not.toContain('secret');
    const multipart = await app.inject({
      method: 'POST',
      url: '/profile',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x--',
    });
    expect(multipart.statusCode).toBe(303);
    expect(multipart.headers.location).toBe('/profile');
  });

  it('never leads to another site', async () => {
    for (const url of ['//evil.example/x', '/.//evil.example/x', '/\\\\evil.example/x']) {
      const answer = await app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'a=b',
      });
      expect(answer.statusCode, url).toBe(303);
      const location = String(answer.headers.location);
      expect(location.startsWith('/'), url).toBe(true);
      expect(location.startsWith('//'), url).toBe(false);
      expect(new URL(location, 'https://geoportal.example').host).toBe('geoportal.example');
    }
  });

  it('is a JSON 404 when it is not a form, whatever its body', async () => {
    for (const [type, payload] of [
      ['application/json', '{"broken'],
      ['text/xml', '<a/>'],
      ['application/octet-stream', 'x'],
    ] as const) {
      const answer = await app.inject({
        method: 'POST',
        url: '/login',
        headers: { 'content-type': type },
        payload,
      });
      expect(answer.statusCode, type).toBe(404);
      expect(answer.json(), type).toMatchObject({ code: 'route.not_found' });
    }
  });
});
