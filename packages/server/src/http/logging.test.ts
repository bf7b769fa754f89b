import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { REDACTED, redactUrl, requestLogLevel } from './logging.js';

/**
 * Hardening point 4: at LOG_LEVEL=debug (every request logged) no credential reaches the log — neither in request
 * URLs (signed and access-key file URLs, query tokens) nor in headers of logged objects.
 */
const keySecret = `AbCdEfGhIjKlMnOp.${'S'.repeat(40)}key`;
const bearerToken = `BEARER${'t'.repeat(60)}xyz`;
const objectId = 'aaaaaaaaaaaaaaaaaaaaaa';

describe('redactUrl', () => {
  it('redacts the token segment of signed and access-key file URLs', () => {
    expect(redactUrl(`/api/v1/object/bearer-${objectId}/data/${bearerToken}/a/b.png`)).toBe(
      `/api/v1/object/bearer-${objectId}/data/${REDACTED}/a/b.png`,
    );
    expect(redactUrl(`/api/v1/object/accesskey-${objectId}/data/tok?format=zip`)).toBe(
      `/api/v1/object/accesskey-${objectId}/data/${REDACTED}?format=zip`,
    );
    // Percent-escaped prefixes reach the same routes.
    expect(redactUrl(`/api/v1/object/%62earer-${objectId}/data/${bearerToken}/x`)).not.toContain(
      bearerToken,
    );
  });

  it('redacts query parameters named like credentials and access-key secrets anywhere', () => {
    expect(redactUrl('/x?q=soil&token=abc&access_token=def&accessKey=ghi&rows=10')).toBe(
      `/x?q=soil&token=${REDACTED}&access_token=${REDACTED}&accessKey=${REDACTED}&rows=10`,
    );
    expect(redactUrl('/x?X-Amz-Signature=abc&password=def&apikey=ghi')).toBe(
      `/x?X-Amz-Signature=${REDACTED}&password=${REDACTED}&apikey=${REDACTED}`,
    );
    expect(redactUrl(`/api/v1/object/${objectId}/${keySecret}`)).toBe(
      `/api/v1/object/${objectId}/${REDACTED}`,
    );
    const proxied = redactUrl(
      `/geoth/proxy?url=${encodeURIComponent('https://maps.example/wms?apikey=SECRET1&layers=a')}`,
    );
    expect(proxied).not.toContain('SECRET1');
    expect(decodeURIComponent(proxied)).toContain(`apikey=${REDACTED}&layers=a`);
  });

  it('leaves URLs without credentials alone', () => {
    for (const url of [
      '/api/v1/object/abc/data/file.txt',
      '/search?q=Boden&fq=type:dataset',
      '/api/v1/object?author=Meier&keyword=Boden',
    ]) {
      expect(redactUrl(url)).toBe(url);
    }
  });
});

describe('requestLogLevel', () => {
  it('logs successes only when debugging, client errors at info and server errors as errors', () => {
    expect([200, 204, 304, 400, 404, 429, 500, 503].map(requestLogLevel)).toEqual([
      'debug',
      'debug',
      'debug',
      'info',
      'info',
      'info',
      'error',
      'error',
    ]);
  });
});

describe('the request log at LOG_LEVEL=info', () => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await createTestApp(
      { name: 'pglite' },
      { LOG_LEVEL: 'info' },
      { logStream: { write: (line) => lines.push(line) } },
    );
  });
  afterAll(async () => {
    await t.close();
  });

  it('writes one line for a refused request and none for a successful one', async () => {
    lines.length = 0;
    await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(lines.join('')).not.toContain('request completed');
    await t.app.inject({ method: 'GET', url: '/api/v1/no-such-route?q=1' });
    const logged = lines.map((line) => JSON.parse(line)).filter((entry) => entry.res);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      level: 30,
      msg: 'request completed',
      req: { method: 'GET', url: '/api/v1/no-such-route?q=1' },
      res: { statusCode: 404 },
    });
    expect(logged[0].responseTime).toBeTypeOf('number');
  });
});

describe('the log at LOG_LEVEL=debug', () => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await createTestApp(
      { name: 'pglite' },
      { LOG_LEVEL: 'debug' },
      { logStream: { write: (line) => lines.push(line) } },
    );
    // A route that logs the request headers, as a debugging line might.
    t.app.get('/api/v1/test-log-headers', async (request) => {
      request.log.info({ headers: request.headers }, 'headers of the request');
      request.log.info({ req: { headers: request.headers } }, 'request with headers');
      return { ok: true };
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('holds no secret of URLs or headers, and marks where they were', async () => {
    const secrets = {
      accessToken: 'SESSION-SECRET-0123456789',
      header: `HEADERKEY1234567.${'h'.repeat(43)}`,
      authorization: 'Bearer AUTH-SECRET-0123456789',
      cookie: 'SESSIONCOOKIE-SECRET',
      query: 'QUERY-TOKEN-SECRET',
    };
    const urls = [
      `/api/v1/object/bearer-${objectId}/data/${bearerToken}/file.txt`,
      `/api/v1/object/accesskey-${objectId}/data/${keySecret}/file.txt`,
      `/api/v1/object/accesskey-${objectId}/data/${keySecret}?format=zip`,
      `/api/v1/object/${objectId}?accessKey=${secrets.query}`,
      `/api/v1/test-log-headers?token=${secrets.query}`,
    ];
    for (const url of urls) {
      await t.app.inject({
        method: 'GET',
        url,
        headers: {
          accesstoken: secrets.accessToken,
          'x-access-key': secrets.header,
          authorization: secrets.authorization,
          cookie: `XSRF-TOKEN=x; session=${secrets.cookie}`,
        },
      });
    }
    const log = lines.join('');
    expect(log).toContain('request completed');
    expect(log).toContain('headers of the request');
    for (const secret of [keySecret, bearerToken, ...Object.values(secrets)]) {
      expect(log).not.toContain(secret);
    }
    expect(log).not.toContain('AUTH-SECRET');
    expect(log).toContain(REDACTED);
    // Requests are still recognisable.
    expect(log).toContain(`/api/v1/object/bearer-${objectId}/data/${REDACTED}/file.txt`);
  });
});
