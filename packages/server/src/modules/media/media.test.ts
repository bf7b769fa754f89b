import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app.js';
import {
  createCallers,
  jsonCaller,
  recordFixture,
  storeFile,
} from '../files/files.test-helpers.js';
import { mp4Bytes, pngImage, wavBytes } from '../preview/preview.test-helpers.js';

/**
 * The media endpoints through HTTP on a real database: sources (index first, media types,
 * sizes, URLs), one source streamed with Range, stills, WebVTT subtitles with language and
 * label, and the read rules (drafts, hidden bundles) they share with downloads.
 */
describe.each(testDatabases)('media on $name', (database) => {
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

  beforeAll(async () => {
    t = await createTestApp(database);
    tokens = await createCallers(t.app);
    call = jsonCaller(t.app);
  });
  afterAll(async () => t?.close());

  it('lists video and audio sources, index first, and streams one by type with Range', async () => {
    const { id } = await recordFixture(t.app, tokens);
    await put(id, 'media', 'a-sound.wav', wavBytes());
    await put(id, 'media', 'b-clip.mp4', mp4Bytes(), { index: true });
    await put(id, 'media', 'still.png', await pngImage(10, 10));
    const res = await call('GET', `/media/sources/${id}`, as('owner'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([
      {
        url: `/object/${id}/media/b-clip.mp4`,
        type: 'video/mp4',
        label: 'b-clip.mp4',
        size: mp4Bytes().length,
      },
      {
        url: `/object/${id}/media/a-sound.wav`,
        type: 'audio/wav',
        label: 'a-sound.wav',
        size: wavBytes().length,
      },
    ]);
    // The listed URL is the download.
    const download = await call('GET', res.json()[0].url, as('owner'));
    expect(download.rawPayload.equals(mp4Bytes())).toBe(true);

    const stream = await call('GET', `/media/source/${id}/video%2Fmp4`, {
      ...as('owner'),
      range: 'bytes=4-11',
    });
    expect(stream.statusCode).toBe(206);
    expect(stream.headers['content-type']).toBe('video/mp4');
    expect(stream.headers['content-range']).toBe(`bytes 4-11/${mp4Bytes().length}`);
    expect(stream.rawPayload.toString('latin1')).toBe('ftypmp42');
    const whole = await call('GET', `/media/source/${id}/audio%2Fwav`, as('owner'));
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(wavBytes())).toBe(true);
    const missing = await call('GET', `/media/source/${id}/video%2Fwebm`, as('owner'));
    expect([missing.statusCode, missing.json().code]).toEqual([404, 'file.not_found']);
    expect((await call('GET', `/media/source/${id}/text%2Fhtml`, as('owner'))).statusCode).toBe(
      400,
    );
  });

  it('keeps drafts and hidden bundles to those who may see them', async () => {
    const draft = await recordFixture(t.app, tokens);
    await put(draft.id, 'media', 'clip.mp4', mp4Bytes());
    for (const url of [
      `/media/sources/${draft.id}`,
      `/media/source/${draft.id}/video%2Fmp4`,
      `/media/thumbs/${draft.id}`,
      `/media/subtitles/${draft.id}`,
    ]) {
      expect((await call('GET', url)).statusCode, url).toBe(404);
      expect((await call('GET', url, as('otherSubmitter'))).statusCode, url).toBe(404);
      expect((await call('GET', url, draft.headers('readKey'))).statusCode, url).toBe(200);
    }
    const published = await recordFixture(t.app, tokens, 'published');
    await put(published.id, 'open', 'talk.wav', wavBytes(), { who: 'editor' });
    await put(published.id, 'hidden', 'secret.mp4', mp4Bytes(), { who: 'editor' });
    await put(
      published.id,
      'hidden',
      'secret.de.vtt',
      'WEBVTT\n\n00:00.000 --> 00:01.000\nGeheim\n',
      { who: 'editor' },
    );
    await call('PUT', `/object/${published.id}/hidden/display`, as('editor'), false);
    const types = async (who: Parameters<typeof published.headers>[0]) =>
      (await call('GET', `/media/sources/${published.id}`, published.headers(who)))
        .json()
        .map((s: { type: string }) => s.type);
    expect(await types('visitor')).toEqual(['audio/wav']);
    expect(await types('readKey')).toEqual(['audio/wav']);
    expect(await types('editor')).toEqual(['audio/wav', 'video/mp4']);
    expect((await call('GET', `/media/source/${published.id}/video%2Fmp4`)).statusCode).toBe(404);
    const stream = await call('GET', `/media/source/${published.id}/audio%2Fwav`);
    expect(stream.statusCode).toBe(200);
    expect(stream.headers['cache-control']).toBe('public, no-cache');
    expect((await call('GET', `/media/subtitles/${published.id}`)).json()).toEqual([]);
    expect(
      (await call('GET', `/media/subtitles/${published.id}`, as('editor'))).json(),
    ).toHaveLength(1);
  });

  it('answers stills: the images of the thumbs bundle, else the index image', async () => {
    const { id } = await recordFixture(t.app, tokens);
    expect((await call('GET', `/media/thumbs/${id}`, as('owner'))).json()).toEqual([]);
    await put(id, 'media', 'poster.png', await pngImage(1280, 720), { index: true });
    expect((await call('GET', `/media/thumbs/${id}`, as('owner'))).json()).toEqual([
      { url: `/object/preview/small/${id}/media/poster.png`, width: 640, height: 360 },
    ]);
    await put(id, 'thumbs', 'one.png', await pngImage(100, 50));
    await put(id, 'thumbs', 'two.png', await pngImage(50, 100));
    const thumbs = (await call('GET', `/media/thumbs/${id}`, as('owner'))).json();
    expect(thumbs).toEqual([
      { url: `/object/preview/small/${id}/thumbs/one.png`, width: 100, height: 50 },
      { url: `/object/preview/small/${id}/thumbs/two.png`, width: 50, height: 100 },
    ]);
    const image = await call('GET', thumbs[0].url, as('owner'));
    expect([image.statusCode, image.headers['content-type']]).toEqual([200, 'image/webp']);
  });

  it('lists WebVTT subtitles with language and label, leaving out files that are not WebVTT', async () => {
    const { id } = await recordFixture(t.app, tokens);
    const cue = '\n\n00:00.000 --> 00:02.000\nHallo\n';
    await put(id, 'media', 'talk.de.vtt', `WEBVTT${cue}`);
    await put(id, 'media', 'talk.en-gb.vtt', `\uFEFFWEBVTT - British${cue}`);
    await put(id, 'media', 'talk.vtt', `WEBVTT${cue}`);
    await put(id, 'media', 'broken.en.vtt', `1\n00:00:00,000 --> 00:00:02,000\nSRT, not WebVTT\n`);
    await put(id, 'media', 'WEBVTTX.fr.vtt', `WEBVTTX${cue}`);
    const tracks = async (language: string) =>
      (
        await call('GET', `/media/subtitles/${id}`, { ...as('owner'), 'accept-language': language })
      ).json();
    expect(await tracks('de-DE,de;q=0.9,en;q=0.5')).toEqual([
      { url: `/object/${id}/media/talk.de.vtt`, lang: 'de', label: 'Deutsch' },
      {
        url: `/object/${id}/media/talk.en-gb.vtt`,
        lang: 'en-GB',
        label: 'Englisch (Vereinigtes Königreich)',
      },
      { url: `/object/${id}/media/talk.vtt`, lang: 'und', label: 'talk' },
    ]);
    expect((await tracks('en')).map((track: { label: string }) => track.label)).toEqual([
      'German',
      'English (United Kingdom)',
      'talk',
    ]);
  });
});
