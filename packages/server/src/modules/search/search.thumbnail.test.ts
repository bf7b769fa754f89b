import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, withToken } from '../../test/access-helpers.js';
import { stepsTo, stepTaker } from '../../test/expected-access.js';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app.js';
import { storeFile } from '../files/files.test-helpers.js';
import { pngImage } from '../preview/preview.test-helpers.js';
import {
  createRecord,
  searchAccounts,
  searchOk,
  searchUrl,
  type Tokens,
} from './search.test-helpers.js';

/**
 * The thumbnail of a search hit: the record's thumbnail as the object views answer it (the
 * index image of its first displayed bundle), under the same read rules as the hit.
 */
describe.each(testDatabases)('search hit thumbnails on $name', (database) => {
  let t: TestApp;
  let tokens: Tokens;
  const ids: Record<string, string> = {};
  const thumbnailPath = (id: string) => `/object/preview/thumbnail/${id}/data/karte.png`;

  /** A draft of the owner with an index PNG, then taken to `state`. */
  async function recordWithPicture(title: string, state: 'draft' | 'published') {
    const id = await createRecord(t.app, tokens, { title: { de: title } }, 'draft');
    await storeFile(
      t.app,
      withToken(tokens.owner),
      { id, bundle: 'data', path: 'karte.png' },
      await pngImage(40, 20),
      { index: true },
    );
    for (const step of stepsTo(state)) {
      const token = stepTaker(step) === 'owner' ? tokens.owner : tokens.editor;
      const res = await apiCaller(t.app)('PUT', `/object/${id}/state`, withToken(token), {
        state: step,
        comment: 'test',
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    return id;
  }

  beforeAll(async () => {
    t = await createTestApp(database);
    tokens = await searchAccounts(t.app);
    ids.pictured = await recordWithPicture('Luftbildkarte mit Vorschau', 'published');
    ids.plain = await createRecord(t.app, tokens, { title: { de: 'Luftbildkarte ohne Vorschau' } });
    ids.draft = await recordWithPicture('Luftbildkarte Entwurf', 'draft');
  });
  afterAll(async () => {
    await t?.close();
  });

  const hitsOf = async (token?: string) =>
    (await searchOk(t.app, searchUrl('Luftbildkarte', { sort: ['title asc'] }), token)).docs;

  it('carries the thumbnail of a record that has one, and none for one without', async () => {
    const hits = await hitsOf();
    expect(hits.map((hit) => [hit.id, hit.thumbnail])).toEqual([
      [ids.pictured, thumbnailPath(ids.pictured as string)],
      [ids.plain, undefined],
    ]);
    expect(Object.hasOwn(hits[1] ?? {}, 'thumbnail')).toBe(false);
    // A visitor may load it.
    const image = await t.app.inject({
      method: 'GET',
      url: `/api/v1${thumbnailPath(ids.pictured as string)}`,
    });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toMatch(/^image\//);
  });

  it('shows a draft’s thumbnail only to those who find the draft', async () => {
    expect((await hitsOf()).some((hit) => hit.id === ids.draft)).toBe(false);
    const own = (await hitsOf(tokens.owner)).find((hit) => hit.id === ids.draft);
    expect(own?.thumbnail).toBe(thumbnailPath(ids.draft as string));
    expect((await hitsOf(tokens.other)).some((hit) => hit.id === ids.draft)).toBe(false);
    const refused = await t.app.inject({
      method: 'GET',
      url: `/api/v1${thumbnailPath(ids.draft as string)}`,
    });
    expect(refused.statusCode).toBe(404);
  });
});
