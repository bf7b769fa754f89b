import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app.js';
import { createCallers, fileUrl, recordFixture, sha256, upload } from './files.test-helpers.js';

describe.each(testDatabases)('download on $name', (database) => {
  let t: TestApp;
  let tokens: Record<string, string>;
  let pub: Awaited<ReturnType<typeof recordFixture>>;
  let draft: Awaited<ReturnType<typeof recordFixture>>;
  const bytes = randomBytes(300_000);
  const as = (who: string) => ({ accesstoken: tokens[who] as string });
  const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
    t.app.inject({ method, url, headers });

  beforeAll(async () => {
    t = await createTestApp(database);
    tokens = await createCallers(t.app);
    pub = await recordFixture(t.app, tokens, 'draft');
    draft = await recordFixture(t.app, tokens, 'draft');
    for (const target of [pub, draft]) {
      const res = await upload(
        t.app,
        target.id,
        'data',
        { path: 'raster/dem.bin', content: bytes },
        as('owner'),
      );
      expect(res.statusCode).toBe(201);
    }
    // Files go in while the record is a draft; then it is published.
    for (const [step, who] of [
      ['submitted', 'owner'],
      ['published', 'editor'],
    ] as const) {
      await t.app.inject({
        method: 'PUT',
        url: `/api/v1/object/${pub.id}/state`,
        headers: as(who),
        payload: { state: step },
      });
    }
  });
  afterAll(async () => {
    await t.close();
  });

  it('streams the exact bytes with validators and caching headers', async () => {
    const res = await get(fileUrl(pub.id, 'data', 'raster/dem.bin'));
    expect(res.statusCode).toBe(200);
    expect(sha256(res.rawPayload)).toBe(sha256(bytes));
    expect(res.headers).toMatchObject({
      'content-length': String(bytes.length),
      'content-type': 'application/octet-stream',
      'accept-ranges': 'bytes',
      etag: `"${sha256(bytes)}"`,
      'x-content-type-options': 'nosniff',
      'cache-control': 'public, no-cache',
      'content-disposition': `attachment; filename="dem.bin"; filename*=UTF-8''dem.bin`,
      'content-security-policy': "sandbox; default-src 'none'",
    });
    expect(Date.parse(res.headers['last-modified'] as string)).not.toBeNaN();
  });

  it('answers HEAD with the headers only', async () => {
    const res = await get(fileUrl(pub.id, 'data', 'raster/dem.bin'), {}, 'HEAD');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-length']).toBe(String(bytes.length));
    expect(res.rawPayload.length).toBe(0);
  });

  it('keeps drafts private: 404 for visitors, private caching for the owner and keys', async () => {
    const url = fileUrl(draft.id, 'data', 'raster/dem.bin');
    expect((await get(url)).statusCode).toBe(404);
    expect((await get(url, as('otherSubmitter'))).json().code).toBe('object.not_found');
    const owner = await get(url, as('owner'));
    expect(owner.statusCode).toBe(200);
    expect(owner.headers['cache-control']).toBe('private, no-cache');
    const key = await get(url, draft.headers('readKey'));
    expect(sha256(key.rawPayload)).toBe(sha256(bytes));
    expect((await get(url, { 'x-access-key': 'nope.nope' })).statusCode).toBe(404);
    expect(
      (await get(fileUrl(draft.id, 'data', 'raster/missing.bin'), as('owner'))).json().code,
    ).toBe('file.not_found');
    expect((await get(fileUrl(draft.id, 'other', 'raster/dem.bin'), as('owner'))).json().code).toBe(
      'file.not_found',
    );
  });

  it('returns exact slices for single ranges', async () => {
    const url = fileUrl(pub.id, 'data', 'raster/dem.bin');
    const size = bytes.length;
    for (const [range, start, end] of [
      ['bytes=0-0', 0, 0],
      ['bytes=100-199', 100, 199],
      ['bytes=299000-', 299_000, size - 1],
      ['bytes=-500', size - 500, size - 1],
      ['bytes=5-9999999', 5, size - 1],
      ['bytes=-9999999', 0, size - 1],
    ] as const) {
      const res = await get(url, { range });
      expect({ range, status: res.statusCode }).toEqual({ range, status: 206 });
      expect(res.headers['content-range']).toBe(`bytes ${start}-${end}/${size}`);
      expect(res.headers['content-length']).toBe(String(end - start + 1));
      expect(Buffer.compare(res.rawPayload, bytes.subarray(start, end + 1))).toBe(0);
    }
  });

  it('answers 416 for ranges outside the file or malformed, 200 for several or other units', async () => {
    const url = fileUrl(pub.id, 'data', 'raster/dem.bin');
    for (const range of ['bytes=300000-', 'bytes=500-100', 'bytes=-0', 'bytes=abc', 'bytes=-']) {
      const res = await get(url, { range });
      expect({ range, status: res.statusCode }).toEqual({ range, status: 416 });
      expect(res.json().code).toBe('file.range_not_satisfiable');
      expect(res.headers['content-range']).toBe(`bytes */${bytes.length}`);
      expect(res.headers['content-disposition']).toBeUndefined();
    }
    for (const range of ['bytes=0-1,5-6', 'items=0-5']) {
      const res = await get(url, { range });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.length).toBe(bytes.length);
    }
  });

  it('answers conditional requests with 304 and honours If-Range', async () => {
    const url = fileUrl(pub.id, 'data', 'raster/dem.bin');
    const first = await get(url);
    const etag = first.headers.etag as string;
    const modified = first.headers['last-modified'] as string;
    const conditions: Record<string, string>[] = [
      { 'if-none-match': etag },
      { 'if-none-match': `"other", W/${etag}` },
      { 'if-none-match': '*' },
      { 'if-modified-since': modified },
      { 'if-modified-since': new Date(Date.now() + 3600_000).toUTCString() },
    ];
    for (const headers of conditions) {
      const res = await get(url, headers);
      expect({ headers, status: res.statusCode }).toEqual({ headers, status: 304 });
      expect(res.rawPayload.length).toBe(0);
      expect(res.headers.etag).toBe(etag);
    }
    expect((await get(url, { 'if-none-match': '"other"' })).statusCode).toBe(200);
    expect(
      (await get(url, { 'if-modified-since': 'Thu, 01 Jan 2015 00:00:00 GMT' })).statusCode,
    ).toBe(200);
    // If-None-Match wins over If-Modified-Since.
    expect(
      (await get(url, { 'if-none-match': '"other"', 'if-modified-since': modified })).statusCode,
    ).toBe(200);
    expect((await get(url, { range: 'bytes=0-9', 'if-range': etag })).statusCode).toBe(206);
    expect((await get(url, { range: 'bytes=0-9', 'if-range': modified })).statusCode).toBe(206);
    expect((await get(url, { range: 'bytes=0-9', 'if-range': '"stale"' })).statusCode).toBe(200);
    expect(
      (await get(url, { range: 'bytes=0-9', 'if-range': 'Thu, 01 Jan 2015 00:00:00 GMT' }))
        .statusCode,
    ).toBe(200);
  });

  it('serves active content as an attachment under a sandbox, safe types inline', async () => {
    const { id } = await recordFixture(t.app, tokens);
    const cases: [string, string, 'inline' | 'attachment', string][] = [
      [
        'x.html',
        '<html><script>alert(document.cookie)</script></html>',
        'attachment',
        'text/html; charset=utf-8',
      ],
      [
        'x.svg',
        '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
        'attachment',
        'image/svg+xml',
      ],
      ['x.xml', '<?xml version="1.0"?><a/>', 'attachment', 'application/xml'],
      ['x.js', 'alert(1)', 'attachment', 'text/javascript; charset=utf-8'],
      ['x.txt', '<script>alert(1)</script>', 'inline', 'text/plain; charset=utf-8'],
      ['x.json', '{"a":1}', 'inline', 'application/json; charset=utf-8'],
    ];
    for (const [name, content, kind, type] of cases) {
      expect(
        (await upload(t.app, id, 'web', { path: name, content }, as('owner'))).statusCode,
      ).toBe(201);
      const res = await get(fileUrl(id, 'web', name), as('owner'));
      expect({ name, type: res.headers['content-type'] }).toEqual({ name, type });
      expect(res.headers['content-disposition']).toMatch(new RegExp(`^${kind};`));
      const csp = res.headers['content-security-policy'] as string;
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain('sandbox');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      // Only inline files may be framed, and only by the app's own pages.
      expect(res.headers['x-frame-options']).toBe(kind === 'inline' ? 'SAMEORIGIN' : 'DENY');
    }
  });

  it('serves a PDF inline, framable by the own origin only, without a sandbox', async () => {
    const { id } = await recordFixture(t.app, tokens);
    const pdf = '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n';
    expect(
      (await upload(t.app, id, 'docs', { path: 'report.pdf', content: pdf }, as('owner')))
        .statusCode,
    ).toBe(201);
    const res = await get(fileUrl(id, 'docs', 'report.pdf'), as('owner'));
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^inline;/);
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).not.toContain('sandbox');

    // A revalidation answers 304 with the same policy, which the browser merges into its copy.
    const again = await get(fileUrl(id, 'docs', 'report.pdf'), {
      ...as('owner'),
      'if-none-match': res.headers.etag as string,
    });
    expect(again.statusCode).toBe(304);
    expect(again.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(again.headers['content-security-policy']).toBe(csp);
  });

  it('writes safe Content-Disposition file names for hostile names', async () => {
    const { id } = await recordFixture(t.app, tokens);
    const cases: [string, string, string][] = [
      [
        "Übersicht 'final'; x=1.txt",
        "Ubersicht 'final'_ x=1.txt",
        '%C3%9Cbersicht%20%27final%27%3B%20x%3D1.txt',
      ],
      ['日本語.txt', '___.txt', '%E6%97%A5%E6%9C%AC%E8%AA%9E.txt'],
      ["it's (1)%.txt", "it's (1)_.txt", 'it%27s%20%281%29%25.txt'],
      ['ordner/\u202Etxt.exe', '_txt.exe', '%E2%80%AEtxt.exe'],
    ];
    for (const [name, fallback, encoded] of cases) {
      expect(
        (await upload(t.app, id, 'docs', { path: name, content: 'x' }, as('owner'))).statusCode,
      ).toBe(201);
      const res = await get(fileUrl(id, 'docs', name), as('owner'));
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toBe(
        `inline; filename="${fallback}"; filename*=UTF-8''${encoded}`,
      );
    }
  });

  it('refuses malformed paths and reserved bundle names with 400', async () => {
    for (const url of [
      `/api/v1/object/${pub.id}/data/a//b`,
      `/api/v1/object/${pub.id}/data/a%5Cb`,
      `/api/v1/object/${pub.id}/data/a%00b`,
      `/api/v1/object/${pub.id}/data/x%2F..%2Fy`,
      `/api/v1/object/${pub.id}/preview/x`,
    ]) {
      const res = await get(url);
      expect({ url, status: res.statusCode }).toEqual({ url, status: 400 });
    }
  });

  it('answers an empty file with 200 and no body, and 416 for any range', async () => {
    const { id } = await recordFixture(t.app, tokens);
    expect(
      (await upload(t.app, id, 'data', { path: 'empty.txt', content: '' }, as('owner'))).statusCode,
    ).toBe(201);
    const res = await get(fileUrl(id, 'data', 'empty.txt'), as('owner'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-length']).toBe('0');
    expect(
      (await get(fileUrl(id, 'data', 'empty.txt'), { ...as('owner'), range: 'bytes=0-' }))
        .statusCode,
    ).toBe(416);
  });
});
