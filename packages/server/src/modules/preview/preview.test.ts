import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app.js';
import {
  createCallers,
  jsonCaller,
  recordFixture,
  storeFile,
} from '../files/files.test-helpers.js';
import {
  corruptPng,
  hugePngHeader,
  mp4Bytes,
  onePagePdf,
  pngImage,
  rotatedJpeg,
  wavBytes,
} from './preview.test-helpers.js';

/**
 * Previews through HTTP on a real database and real files: the preview type of the index
 * file, renditions of images and PDFs (sizes, EXIF rotation, metadata stripped, caching,
 * validators), refusals (types without renditions, damaged files, decompression bombs), the
 * read rules of downloads, and the record's thumbnail in the object views.
 */
describe.each(testDatabases)('previews on $name', (database) => {
  let t: TestApp;
  let tokens: Record<string, string>;
  let call: ReturnType<typeof jsonCaller>;
  const as = (who: string) => ({ accesstoken: tokens[who] as string });

  /** Uploads as `who` and, with `index`, makes the file its bundle's index file. */
  const put = (
    id: string,
    bundle: string,
    filePath: string,
    content: Buffer | string,
    options: { who?: string; index?: boolean } = {},
  ) =>
    storeFile(t.app, as(options.who ?? 'owner'), { id, bundle, path: filePath }, content, options);
  const preview = (type: string, id: string, bundle: string, filePath: string) =>
    `/object/preview/${type}/${id}/${bundle}/${filePath}`;
  const previewDir = () => path.join(t.config.dataDir, 'previews');
  const cached = async () => (await readdir(previewDir())).filter((n) => !n.startsWith('.')).sort();

  beforeAll(async () => {
    t = await createTestApp(database);
    tokens = await createCallers(t.app);
    call = jsonCaller(t.app);
  });
  afterAll(async () => t?.close());

  describe('GET /object/preview/{id}/type', () => {
    it('answers none without files, 404 for a draft a visitor may not read', async () => {
      const { id } = await recordFixture(t.app, tokens);
      expect((await call('GET', `/object/preview/${id}/type`)).statusCode).toBe(404);
      const res = await call('GET', `/object/preview/${id}/type`, as('owner'));
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.body).toBe('none');
      expect((await call('GET', '/object/preview/not-an-id!/type')).statusCode).toBe(400);
    });

    it('names the type of the index file of the first displayed bundle', async () => {
      const { id } = await recordFixture(t.app, tokens);
      const typeOf = async () =>
        (await call('GET', `/object/preview/${id}/type`, as('owner'))).body;
      await put(id, 'data', 'notes.txt', 'plain words');
      expect(await typeOf()).toBe('none'); // no index file yet
      const cases: Array<[string, Buffer | string, string]> = [
        ['photo.png', await pngImage(20, 10), 'image'],
        ['report.pdf', onePagePdf(), 'pdf'],
        ['notes.txt', 'plain words', 'text'],
        ['table.csv', 'a,b\n1,2\n', 'text'],
        ['config.json', '{"type":"Config","features":[]}', 'text'],
        ['areas.json', '{"type":"FeatureCollection","features":[]}', 'geojson'],
        ['area.geojson', '{"type":"Feature","geometry":null,"properties":{}}', 'geojson'],
        ['clip.mp4', mp4Bytes(), 'video'],
        ['sound.wav', wavBytes(), 'audio'],
        ['drawing.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>', 'none'],
        ['blob.bin', Buffer.from([0, 1, 2, 3, 255, 254]), 'none'],
      ];
      for (const [name, content, expected] of cases) {
        await put(id, 'data', name, content, { index: true });
        expect(await typeOf(), name).toBe(expected);
      }
    });

    it('ignores hidden bundles and takes bundles in their order', async () => {
      const { id } = await recordFixture(t.app, tokens);
      await put(id, 'first', 'a.pdf', onePagePdf(), { index: true });
      await put(id, 'second', 'b.png', await pngImage(8, 8), { index: true });
      const typeOf = async () =>
        (await call('GET', `/object/preview/${id}/type`, as('owner'))).body;
      expect(await typeOf()).toBe('pdf');
      expect(
        (await call('PUT', `/object/${id}/first/display`, as('owner'), false)).statusCode,
      ).toBe(204);
      expect(await typeOf()).toBe('image');
    });
  });

  describe('GET /object/preview/{type}/{id}/{bundle}/{path}', () => {
    it('renders an image into the box as WebP, never enlarged, with validators', async () => {
      const { id, headers } = await recordFixture(t.app, tokens);
      await put(id, 'data', 'wide.png', await pngImage(1000, 500, true));
      const res = await call('GET', preview('thumbnail', id, 'data', 'wide.png'), headers('owner'));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('private, no-cache');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height, meta.hasAlpha]).toEqual([
        'webp',
        256,
        128,
        true,
      ]);
      const large = await call('GET', preview('large', id, 'data', 'wide.png'), headers('owner'));
      const largeMeta = await sharp(large.rawPayload).metadata();
      expect([largeMeta.width, largeMeta.height]).toEqual([1000, 500]);
      // 304 from the entity tag; a different rendition has another tag.
      const again = await call('GET', preview('thumbnail', id, 'data', 'wide.png'), {
        ...headers('owner'),
        'if-none-match': res.headers.etag as string,
      });
      expect(again.statusCode).toBe(304);
      expect(large.headers.etag).not.toBe(res.headers.etag);
      const head = await t.app.inject({
        method: 'HEAD',
        url: `/api/v1${preview('thumbnail', id, 'data', 'wide.png')}`,
        headers: headers('owner'),
      });
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-length']).toBe(String(res.rawPayload.length));
    });

    it('turns a photo upright by its EXIF orientation and strips its metadata', async () => {
      const { id } = await recordFixture(t.app, tokens);
      const jpeg = await rotatedJpeg(600, 300);
      expect((await sharp(jpeg).metadata()).orientation).toBe(6);
      await put(id, 'data', 'portrait.jpg', jpeg);
      const res = await call('GET', preview('thumbnail', id, 'data', 'portrait.jpg'), as('owner'));
      expect(res.statusCode, res.body).toBe(200);
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.width, meta.height]).toEqual([128, 256]);
      expect(meta.orientation).toBeUndefined();
      expect(meta.exif).toBeUndefined();
      expect(meta.icc).toBeUndefined();
    });

    it('renders the first page of a PDF', async () => {
      const { id } = await recordFixture(t.app, tokens);
      await put(id, 'docs', 'report.pdf', onePagePdf(200, 100));
      const res = await call('GET', preview('thumbnail', id, 'docs', 'report.pdf'), as('owner'));
      expect(res.statusCode, res.body).toBe(200);
      const image = sharp(res.rawPayload);
      const meta = await image.metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 128]);
      // The centre lies in the red rectangle; a corner is the white page.
      const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
      const pixel = (x: number, y: number) =>
        Array.from(
          data.subarray(
            (y * info.width + x) * info.channels,
            (y * info.width + x) * info.channels + 3,
          ),
        );
      const [r, g, b] = pixel(128, 100);
      expect(r).toBeGreaterThan(200);
      expect(g).toBeLessThan(60);
      expect(b).toBeLessThan(60);
      expect(pixel(2, 2)).toEqual([255, 255, 255]);
    });

    it('renders once: later and concurrent requests reuse the cached file', async () => {
      const { id } = await recordFixture(t.app, tokens);
      await put(id, 'data', 'once.png', await pngImage(700, 700));
      const url = preview('small', id, 'data', 'once.png');
      const before = await cached();
      const results = await Promise.all(
        Array.from({ length: 6 }, () => call('GET', url, as('owner'))),
      );
      expect(results.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
      expect(new Set(results.map((r) => r.rawPayload.toString('base64'))).size).toBe(1);
      const added = (await cached()).filter((n) => !before.includes(n));
      expect(added).toHaveLength(1);
      expect(added[0]).toMatch(/^[0-9a-f]{64}-small-r1\.webp$/);
      const file = path.join(previewDir(), added[0] as string);
      const { mtimeMs } = await stat(file);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect((await call('GET', url, as('owner'))).statusCode).toBe(200);
      expect((await stat(file)).mtimeMs).toBe(mtimeMs);
      // The same bytes under another path share the entry: the key is the content hash.
      await put(id, 'other', 'copy.png', await pngImage(700, 700));
      expect(
        (await call('GET', preview('small', id, 'other', 'copy.png'), as('owner'))).statusCode,
      ).toBe(200);
      expect((await cached()).filter((n) => !before.includes(n))).toHaveLength(1);
    });

    it('answers 415 for types without a rendition and 422 for damaged files and bombs', async () => {
      const { id } = await recordFixture(t.app, tokens);
      await put(id, 'data', 'notes.txt', 'plain words');
      await put(id, 'data', 'clip.mp4', mp4Bytes());
      await put(id, 'data', 'broken.png', corruptPng());
      await put(id, 'data', 'broken.pdf', '%PDF-1.7\nthis is not really a PDF\n%%EOF\n');
      await put(id, 'data', 'bomb.png', hugePngHeader());
      for (const [file, status] of [
        ['notes.txt', 415],
        ['clip.mp4', 415],
        ['broken.png', 422],
        ['broken.pdf', 422],
        ['bomb.png', 422],
      ] as const) {
        const started = Date.now();
        const res = await call('GET', preview('large', id, 'data', file), as('owner'));
        expect(res.statusCode, `${file}: ${res.body}`).toBe(status);
        expect(res.json().code).toBe('preview.unavailable');
        expect(Date.now() - started, file).toBeLessThan(5000);
      }
      const bomb = await call('GET', preview('large', id, 'data', 'bomb.png'), as('owner'));
      expect(bomb.json().message).toMatch(/megapixels/);
      // The outcome is remembered: no second attempt at the broken file.
      expect((await cached()).some((n) => n.endsWith('-large-r1.unavailable'))).toBe(true);
    });

    it('refuses bad renditions and paths with 400', async () => {
      const { id } = await recordFixture(t.app, tokens);
      await put(id, 'data', 'a.png', await pngImage(4, 4));
      expect(
        (await call('GET', preview('huge', id, 'data', 'a.png'), as('owner'))).statusCode,
      ).toBe(400);
      const traversal = await call(
        'GET',
        preview('small', id, 'data', '%2e%2e/a.png'),
        as('owner'),
      );
      expect(traversal.statusCode).toBe(400);
      expect(
        (await call('GET', preview('small', id, 'data', 'missing.png'), as('owner'))).statusCode,
      ).toBe(404);
    });

    it('obeys the read rules of downloads: drafts, hidden bundles, keys', async () => {
      const draft = await recordFixture(t.app, tokens);
      await put(draft.id, 'data', 'd.png', await pngImage(30, 30));
      const published = await recordFixture(t.app, tokens, 'published');
      await put(published.id, 'data', 'p.png', await pngImage(30, 30), { who: 'editor' });
      await put(published.id, 'hidden', 'h.png', await pngImage(30, 30), { who: 'editor' });
      expect(
        (await call('PUT', `/object/${published.id}/hidden/display`, as('editor'), false))
          .statusCode,
      ).toBe(204);
      const status = async (
        fixture: typeof draft,
        caller: Parameters<typeof draft.headers>[0],
        bundle: string,
        file: string,
      ) =>
        (await call('GET', preview('thumbnail', fixture.id, bundle, file), fixture.headers(caller)))
          .statusCode;
      // A draft's preview never leaks.
      expect(await status(draft, 'visitor', 'data', 'd.png')).toBe(404);
      expect(await status(draft, 'otherSubmitter', 'data', 'd.png')).toBe(404);
      expect(await status(draft, 'owner', 'data', 'd.png')).toBe(200);
      expect(await status(draft, 'readKey', 'data', 'd.png')).toBe(200);
      // Published: everyone; hidden bundle only for those who may write.
      expect(await status(published, 'visitor', 'data', 'p.png')).toBe(200);
      expect(await status(published, 'visitor', 'hidden', 'h.png')).toBe(404);
      expect(await status(published, 'owner', 'hidden', 'h.png')).toBe(404);
      expect(await status(published, 'readKey', 'hidden', 'h.png')).toBe(404);
      expect(await status(published, 'editor', 'hidden', 'h.png')).toBe(200);
      // A write key writes drafts only, so it does not see a published record's hidden bundle.
      expect(await status(published, 'writeKey', 'hidden', 'h.png')).toBe(404);
      const shared = await call('GET', preview('thumbnail', published.id, 'data', 'p.png'));
      expect(shared.headers['cache-control']).toBe('public, no-cache');
      // The type endpoint follows the record's read rule.
      expect(
        (await call('GET', `/object/preview/${draft.id}/type`, draft.headers('readKey')))
          .statusCode,
      ).toBe(200);
      expect(
        (await call('GET', `/object/preview/${draft.id}/type`, draft.headers('otherSubmitter')))
          .statusCode,
      ).toBe(404);
    });
  });

  it('documents the endpoints in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const expected of [
      '/api/v1/object/preview/{id}/type',
      '/api/v1/object/preview/{type}/{id}/{bundle}/{*}',
      '/api/v1/media/sources/{id}',
      '/api/v1/media/source/{id}/{type}',
      '/api/v1/media/thumbs/{id}',
      '/api/v1/media/subtitles/{id}',
    ]) {
      expect(paths, expected).toContain(expected);
    }
  });

  describe('record thumbnail', () => {
    it('points to the thumbnail of the index image or PDF, in the views and the list', async () => {
      const { id } = await recordFixture(t.app, tokens);
      const thumbnailOf = async (detail: string) =>
        (
          await call('GET', `/object/${id}`, {
            ...as('owner'),
            accept: `application/json; detail=${detail}`,
          })
        ).json().thumbnail;
      expect(await thumbnailOf('summary')).toBeUndefined();
      await put(id, 'data', 'notes.txt', 'words', { index: true });
      expect(await thumbnailOf('normal')).toBeUndefined(); // text has no image rendition
      await put(id, 'data', 'sub dir/map ä.png', await pngImage(40, 20), { index: true });
      const expected = `/object/preview/thumbnail/${id}/data/sub%20dir/map%20%C3%A4.png`;
      for (const detail of ['summary', 'normal', 'detailed']) {
        expect(await thumbnailOf(detail)).toBe(expected);
      }
      const list = await call('GET', '/object?owner=me&rows=100', as('owner'));
      const doc = list.json().docs.find((d: { id: string }) => d.id === id);
      expect(doc.thumbnail).toBe(expected);
      // The URL works.
      const image = await call('GET', expected, as('owner'));
      expect(image.statusCode).toBe(200);
      expect((await sharp(image.rawPayload).metadata()).width).toBe(40);
      // A hidden bundle does not stand for the record.
      await call('PUT', `/object/${id}/data/display`, as('owner'), false);
      expect(await thumbnailOf('summary')).toBeUndefined();
    });
  });
});
