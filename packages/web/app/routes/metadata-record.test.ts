import type { ObjectNormal } from '@geoportal/contract/object';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLoadContext } from '../entry.server';
import { classifications, fullRecord } from '../features/records/testing/record-fixtures';
import { draft } from '../features/records/testing/render-records';
import { rememberMessages } from '../lib/messages';
import { errorResponse, fakeFetch, json } from '../lib/testing/fake-fetch';
import type { Route } from './+types/metadata-record';
import { handle, loader, meta } from './metadata-record';

const ssrApiBase = 'http://127.0.0.1:8085/api/v1';
const { bundles: _b, permissions: _p, history: _h, ...normal } = draft;
const published: ObjectNormal = {
  ...normal,
  state: 'published',
  metadata: { ...normal.metadata, title: { de: 'Bodenrichtwerte', en: 'Land values' } },
};

/** Runs the server loader for `/metadata/<id>` with the visitor's `cookie`. */
async function load(id: string, cookie = '') {
  const context = createLoadContext(
    { apiBase: '/api/v1', ssrApiBase, publicUrl: 'http://localhost:8085', formLogin: true },
    { nonce: '' },
  );
  const request = new Request(`http://localhost:8085/metadata/${id}`, { headers: { cookie } });
  const result = await loader({ request, params: { id }, context } as unknown as Route.LoaderArgs);
  return { data: result.data, status: result.init?.status };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('metadata.record route', () => {
  it('reads a record on the server as a visitor, with the bundles visitors see', async () => {
    const fake = fakeFetch((request) =>
      request.url.endsWith('/classification/resourceType')
        ? json(classifications.resourceType)
        : json(published),
    );
    vi.stubGlobal('fetch', fake.fetch);
    const { data, status } = await load(draft.id, 'lang=en');
    expect(status).toBe(200);
    expect(data).toMatchObject({
      id: draft.id,
      lang: 'en',
      apiBase: '/api/v1',
      checked: false,
      visitorCanRead: true,
      classifications: { resourceType: classifications.resourceType },
    });
    expect(data.record?.state).toBe('published');
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[0]?.url).toBe(`${ssrApiBase}/object/${draft.id}`);
    expect(fake.requests[0]?.headers.accept).toBe('application/json; detail=detailed');
    expect(fake.requests[0]?.headers).not.toHaveProperty('accesstoken');
    expect(handle.breadcrumb(data)).toBe('Land values');
  });

  it('describes a published record for search engines from the visitor view, files included', async () => {
    const { permissions: _p2, history: _h2, ...visitorView } = fullRecord;
    const bundles = [
      {
        name: 'daten',
        display: true,
        description: '',
        order: 0,
        files: [
          {
            path: 'karten/bk 50.gpkg',
            size: 1024,
            sha256: 'a'.repeat(64),
            mediaType: 'application/geopackage+sqlite3',
            index: false,
            modified: '2026-01-02T00:00:00.000Z',
          },
        ],
      },
      // Not a bundle of the contract: left out, the rest stays.
      { name: 42 },
    ];
    const fake = fakeFetch((request) => {
      const id = request.url.match(/\/classification\/(\w+)$/)?.[1];
      if (id) return json(classifications[id as keyof typeof classifications]);
      return json({ ...visitorView, bundles });
    });
    vi.stubGlobal('fetch', fake.fetch);
    const { data } = await load(fullRecord.id, 'lang=de');
    expect(data.record).not.toHaveProperty('bundles');
    expect(data.jsonLd).toMatchObject({
      '@type': 'Dataset',
      url: `http://localhost:8085/metadata/${fullRecord.id}`,
      name: 'Bodenkarte Sachsen 1:50.000',
      license: 'https://www.govdata.de/dl-de/by-2-0',
      keywords: ['Boden', 'Bodentyp', 'Geologie'],
    });
    expect(data.jsonLd?.distribution?.[0]).toEqual({
      '@type': 'DataDownload',
      name: 'karten/bk 50.gpkg',
      encodingFormat: 'application/geopackage+sqlite3',
      contentUrl: `http://localhost:8085/api/v1/object/${fullRecord.id}/daten/karten/bk%2050.gpkg`,
    });
  });

  it('describes nothing a visitor cannot read, nor an unpublished record', async () => {
    vi.stubGlobal('fetch', fakeFetch(() => errorResponse(404, 'object.not_found', 'No.')).fetch);
    expect((await load(draft.id)).data.jsonLd).toBeNull();
    // A submitted record a grant opened to everyone (the API would not; the page holds anyway).
    vi.stubGlobal('fetch', fakeFetch(() => json({ ...normal, state: 'submitted' })).fetch);
    expect((await load(draft.id)).data.jsonLd).toBeNull();
  });

  it('passes the labels of every classification the record uses to the page', async () => {
    const { bundles: _b2, permissions: _p2, history: _h2, ...record } = fullRecord;
    const fake = fakeFetch((request) => {
      const id = request.url.match(/\/classification\/(\w+)$/)?.[1];
      if (id) return json(classifications[id as keyof typeof classifications]);
      return json(record);
    });
    vi.stubGlobal('fetch', fake.fetch);
    const { data } = await load(fullRecord.id);
    expect(data.classifications).toEqual(classifications);
    expect(fake.requests.slice(1).every((request) => !('accesstoken' in request.headers))).toBe(
      true,
    );
  });

  it('falls back to codes when a classification cannot be loaded', async () => {
    const { bundles: _b2, permissions: _p2, history: _h2, ...record } = fullRecord;
    const fake = fakeFetch((request) => {
      if (request.url.endsWith('/classification/license')) {
        return errorResponse(500, 'server.internal', 'Broken.');
      }
      if (request.url.endsWith('/classification/protocol')) throw new TypeError('fetch failed');
      const id = request.url.match(/\/classification\/(\w+)$/)?.[1];
      if (id) return json(classifications[id as keyof typeof classifications]);
      return json(record);
    });
    vi.stubGlobal('fetch', fake.fetch);
    const { data, status } = await load(fullRecord.id);
    expect(status).toBe(200);
    expect(data.record?.id).toBe(fullRecord.id);
    expect(Object.keys(data.classifications).sort()).toEqual([
      'contactRole',
      'inspireTheme',
      'resourceType',
      'topicCategory',
    ]);
  });

  it('answers 404 but renders when a visitor may not read it (the browser tries again)', async () => {
    const fake = fakeFetch(() => errorResponse(404, 'object.not_found', 'No.'));
    vi.stubGlobal('fetch', fake.fetch);
    const { data, status } = await load(draft.id);
    expect(status).toBe(404);
    expect(data).toMatchObject({
      record: null,
      checked: false,
      visitorCanRead: false,
      classifications: {},
      jsonLd: null,
    });
    expect(fake.requests).toHaveLength(1);
    expect(handle.breadcrumb(data)).toBeUndefined();
  });

  it('does not ask the API about an address that cannot be a record id', async () => {
    const fake = fakeFetch(() => json(published));
    vi.stubGlobal('fetch', fake.fetch);
    const { status } = await load('x');
    expect(status).toBe(404);
    expect(fake.requests).toEqual([]);
  });

  it('throws other failures for the error page', async () => {
    vi.stubGlobal('fetch', fakeFetch(() => errorResponse(500, 'server.internal', 'No.')).fetch);
    await expect(load(draft.id)).rejects.toMatchObject({ status: 500 });
  });

  it('titles the page with the record and keeps unpublished ones out of search engines', () => {
    rememberMessages('de', {
      'app.titleSuffix': '{title} · Geoportal',
      'record.notFound.title': 'Nicht gefunden',
    });
    const root = {
      id: 'root',
      loaderData: { lang: 'de', config: { publicUrl: 'https://geo.example' } },
    };
    const args = (loaderData: unknown) =>
      ({
        matches: [root],
        location: { pathname: `/metadata/${draft.id}` },
        loaderData,
      }) as unknown as Route.MetaArgs;
    const page = {
      id: draft.id,
      lang: 'de',
      apiBase: '',
      classifications: {},
      visitorCanRead: true,
      checked: true,
      keyRequired: false,
      keyRejected: false,
    };
    const shown = meta(args({ ...page, record: published }));
    expect(shown).toContainEqual({ title: 'Bodenrichtwerte · Geoportal' });
    expect(shown).toContainEqual({
      tagName: 'link',
      rel: 'canonical',
      href: `https://geo.example/metadata/${draft.id}`,
    });
    expect(shown).not.toContainEqual({ name: 'robots', content: 'noindex' });
    const missing = meta(args({ ...page, record: null }));
    expect(missing).toContainEqual({ title: 'Nicht gefunden · Geoportal' });
    expect(missing).toContainEqual({ name: 'robots', content: 'noindex' });
  });
});
