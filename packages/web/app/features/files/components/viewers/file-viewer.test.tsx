// @vitest-environment jsdom
import type { SubtitleTrack } from '@geoportal/contract/files';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { errorResponse, json, text } from '../../../../lib/testing/fake-fetch';
import type { ApiRoutes } from '../../../../lib/testing/render-app';
import { fileEntry, recordId, renderFiles } from '../../testing/render-files';
import { FileViewer } from './file-viewer';
import { trackLabel } from './media-viewer';

vi.mock('../../../../lib/toast', () => ({ showToast: vi.fn() }));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const base = `/object/${recordId}/data`;

function show(
  file: ReturnType<typeof fileEntry>,
  mode: 'plain' | 'fetched' = 'plain',
  routes: ApiRoutes = {},
  bundleName = 'data',
) {
  const view = renderFiles(
    <FileViewer id={recordId} bundle={bundleName} file={file} mode={mode} />,
    { routes },
  );
  return { ...view, user: userEvent.setup() };
}

/** Where the signed URLs of the bundle `data` start. */
const signedBase = `/api/v1/object/bearer-${recordId}/data/tok-1`;

/** The server's answer to `POST …/data/bearer`, valid for ten more minutes. */
function signed(routes: ApiRoutes = {}): ApiRoutes {
  return {
    [`POST /object/${recordId}/data/bearer`]: () =>
      json({
        token: 'tok-1',
        expires: new Date(Date.now() + 600_000).toISOString(),
        prefix: `${signedBase}/`,
      }),
    ...routes,
  };
}

describe('FileViewer', () => {
  it('shows an image from its plain address and zooms with buttons and keys', async () => {
    const { user } = show(fileEntry('karte.png', 'image/png'));
    const frame = screen.getByRole('region', { name: 'Bildansicht karte.png' });
    const image = screen.getByRole('img', { name: 'Bild karte.png' });
    expect(image.getAttribute('src')).toBe(`/api/v1${base}/karte.png`);
    expect(screen.getByRole('status').textContent).toBe('Zoom: 100 %');

    await user.click(screen.getByRole('button', { name: 'Vergrößern' }));
    expect(screen.getByRole('status').textContent).toBe('Zoom: 125 %');
    frame.focus();
    await user.keyboard('+');
    expect(screen.getByRole('status').textContent).toBe('Zoom: 156 %');
    await user.keyboard('-');
    await user.keyboard('-');
    expect(screen.getByRole('status').textContent).toBe('Zoom: 100 %');
    await user.keyboard('+');
    await user.click(screen.getByRole('button', { name: 'Einpassen' }));
    expect(screen.getByRole('status').textContent).toBe('Zoom: 100 %');
    frame.focus();
    await user.keyboard('++0');
    expect(screen.getByRole('status').textContent).toBe('Zoom: 100 %');
  });

  it('shows images browsers cannot draw through the server’s rendering', () => {
    show(fileEntry('ortho.tif', 'image/tiff'));
    expect(screen.getByRole('img').getAttribute('src')).toBe(
      `/api/v1/object/preview/large/${recordId}/data/ortho.tif`,
    );
  });

  it('fetches a draft’s rendered image through the client and shows it from a blob URL', async () => {
    // jsdom has no blob URLs.
    const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    URL.createObjectURL = vi.fn(() => 'blob:bild');
    URL.revokeObjectURL = vi.fn();
    onTestFinished(() => {
      URL.createObjectURL = original.create;
      URL.revokeObjectURL = original.revoke;
    });
    const { xhr } = show(fileEntry('ortho.tif', 'image/tiff'), 'fetched');
    const request = xhr.last();
    expect(request.url).toBe(`/api/v1/object/preview/large/${recordId}/data/ortho.tif`);
    expect(request.headers.AccessToken).toBe('token-1');
    act(() => request.progressDown(30, 100));
    expect(screen.getByText('Wird geladen: 30 %')).toBeTruthy();
    act(() => request.respond(200, new Blob(['png'])));
    await waitFor(() => expect(screen.getByRole('img').getAttribute('src')).toBe('blob:bild'));
  });

  it('shows a draft’s image from a signed URL of its bundle', async () => {
    const { requests } = show(fileEntry('karte.png', 'image/png'), 'fetched', signed());
    const image = await screen.findByRole('img', { name: 'Bild karte.png' });
    expect(image.getAttribute('src')).toBe(`${signedBase}/karte.png`);
    expect(requests[0]?.headers.accesstoken).toBe('token-1');
  });

  it('shows a PDF in the browser’s viewer with a title and a download link', () => {
    show(fileEntry('bericht.pdf', 'application/pdf'));
    const frame = screen.getByTitle('PDF-Datei bericht.pdf');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toBe(`/api/v1${base}/bericht.pdf`);
    expect(
      screen.getByRole('link', { name: 'bericht.pdf herunterladen' }).getAttribute('href'),
    ).toBe(`/api/v1${base}/bericht.pdf`);
  });

  it('frames a draft’s PDF through a signed URL', async () => {
    show(fileEntry('bericht.pdf', 'application/pdf'), 'fetched', signed());
    const frame = await screen.findByTitle('PDF-Datei bericht.pdf');
    expect(frame.getAttribute('src')).toBe(`${signedBase}/bericht.pdf`);
  });

  it('says why a draft’s PDF cannot be shown when no signed URL is issued', async () => {
    show(
      fileEntry('bericht.pdf', 'application/pdf'),
      'fetched',
      {
        [`POST /object/${recordId}/versteckt/bearer`]: () =>
          errorResponse(404, 'object.not_found', 'Not found.'),
      },
      'versteckt',
    );
    expect(await screen.findByText('Die Vorschau konnte nicht geladen werden.')).toBeTruthy();
    expect(screen.queryByTitle('PDF-Datei bericht.pdf')).toBeNull();
    expect(screen.getByRole('button', { name: 'bericht.pdf herunterladen' })).toBeTruthy();
  });

  it('shows the start of a text file, asked for with a range', async () => {
    const { requests } = show(fileEntry('liesmich.txt', 'text/plain', { size: 250_000 }), 'plain', {
      [`GET ${base}/liesmich.txt`]: () => text('Zeile 1\nZeile 2'),
    });
    const box = await screen.findByRole('region', { name: 'Inhalt von liesmich.txt' });
    expect(box.textContent).toBe('Zeile 1\nZeile 2');
    expect(requests[0]?.headers.range).toBe('bytes=0-99999');
    expect(screen.getByText(/Gezeigt werden die ersten 100\skB von 250\skB/)).toBeTruthy();
  });

  it('shows a CSV file as a table with its header and detected delimiter, or as text', async () => {
    const { user } = show(fileEntry('pegel.csv', 'text/csv', { size: 60 }), 'plain', {
      [`GET ${base}/pegel.csv`]: () => text('Pegel;Stand (cm)\nDresden;142\n"Meißen; Elbe";151\n'),
    });
    const frame = await screen.findByRole('region', { name: 'Tabelle pegel.csv' });
    const table = within(frame).getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Pegel', 'Stand (cm)']);
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['PegelStand (cm)', 'Dresden142', 'Meißen; Elbe151']);
    expect(table.querySelector('caption')?.textContent).toBe(
      '2 Zeilen unter der Kopfzeile, Trennzeichen: Semikolon',
    );
    await user.click(screen.getByRole('button', { name: 'Als Text anzeigen' }));
    const box = screen.getByRole('region', { name: 'Inhalt von pegel.csv' });
    expect(box.textContent).toContain('Dresden;142');
    await user.click(screen.getByRole('button', { name: 'Als Tabelle anzeigen' }));
    expect(screen.getByRole('table')).toBeTruthy();
  });

  it('shows a CSV file that holds no table as text', async () => {
    show(fileEntry('notiz.csv', 'text/csv', { size: 20 }), 'plain', {
      [`GET ${base}/notiz.csv`]: () => text('nur eine Spalte\nText'),
    });
    const box = await screen.findByRole('region', { name: 'Inhalt von notiz.csv' });
    expect(box.textContent).toBe('nur eine Spalte\nText');
  });

  it('counts the features of a GeoJSON file', async () => {
    const collection = {
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', geometry: { type: 'Point', coordinates: [12, 51] }, properties: {} },
        { type: 'Feature', geometry: { type: 'Point', coordinates: [13, 52] }, properties: {} },
      ],
    };
    show(fileEntry('orte.geojson', 'application/geo+json'), 'plain', {
      [`GET ${base}/orte.geojson`]: () => json(collection),
    });
    expect(await screen.findByText('2 Objekte')).toBeTruthy();
  });

  it('says when a GeoJSON file is not GeoJSON', async () => {
    show(fileEntry('kaputt.geojson', 'application/geo+json'), 'plain', {
      [`GET ${base}/kaputt.geojson`]: () => text('{ nicht json'),
    });
    expect(await screen.findByText('Die Datei ist kein gültiges GeoJSON.')).toBeTruthy();
  });

  it('plays video with the object’s subtitles, labelled per language', async () => {
    const tracks: SubtitleTrack[] = [
      { url: `/media/subtitle/${recordId}/de`, lang: 'de', label: 'Deutsch' },
      { url: `/media/subtitle/${recordId}/en`, lang: 'en', label: '' },
    ];
    const { container, requests } = show(fileEntry('flug.mp4', 'video/mp4'), 'plain', {
      [`GET /media/subtitles/${recordId}`]: () => json(tracks),
    });
    const video = container.querySelector('video') as HTMLVideoElement;
    expect(video.getAttribute('aria-label')).toBe('Video flug.mp4');
    expect(video.hasAttribute('controls')).toBe(true);
    expect(video.querySelector('source')?.getAttribute('src')).toBe(`/api/v1${base}/flug.mp4`);
    await waitFor(() => expect(video.querySelectorAll('track')).toHaveLength(2));
    const [de, en] = Array.from(video.querySelectorAll('track'));
    expect(de?.getAttribute('kind')).toBe('subtitles');
    expect(de?.getAttribute('src')).toBe(`/api/v1/media/subtitle/${recordId}/de`);
    expect(de?.getAttribute('label')).toBe('Deutsch');
    expect(en?.getAttribute('srclang')).toBe('en');
    expect(en?.getAttribute('label')).toBe('Englisch');
    // The server labels tracks in the page language, not the browser's.
    expect(requests[0]?.headers['accept-language']).toBe('de');
  });

  it('plays a draft’s video and subtitles from signed URLs', async () => {
    const tracks: SubtitleTrack[] = [
      { url: `/object/${recordId}/data/flug.de.vtt`, lang: 'de', label: 'Deutsch' },
    ];
    const { container } = show(
      fileEntry('flug.webm', 'video/webm'),
      'fetched',
      signed({ [`GET /media/subtitles/${recordId}`]: () => json(tracks) }),
    );
    const video = await waitFor(() => {
      const element = container.querySelector('video');
      if (!element) throw new Error('no player yet');
      return element;
    });
    expect(video.querySelector('source')?.getAttribute('src')).toBe(`${signedBase}/flug.webm`);
    await waitFor(() =>
      expect(video.querySelector('track')?.getAttribute('src')).toBe(`${signedBase}/flug.de.vtt`),
    );
    expect(video.querySelector('track')?.getAttribute('srclang')).toBe('de');
  });

  it('plays media without subtitles when the media endpoint fails', async () => {
    const { container, requests } = show(fileEntry('ton.mp3', 'audio/mpeg'));
    await waitFor(() => expect(requests).toHaveLength(1));
    const audio = container.querySelector('audio') as HTMLAudioElement;
    expect(audio.getAttribute('aria-label')).toBe('Audio ton.mp3');
    expect(audio.querySelector('source')?.getAttribute('src')).toBe(`/api/v1${base}/ton.mp3`);
    expect(audio.querySelectorAll('track')).toHaveLength(0);
  });

  it('asks the server’s preview type for an index file of an unknown media type', async () => {
    show(fileEntry('daten.bin', 'application/octet-stream', { index: true }), 'plain', {
      [`GET /object/preview/${recordId}/type`]: () => text('none'),
    });
    expect(await screen.findByText(/keine Vorschau/)).toBeTruthy();
  });
});

describe('trackLabel', () => {
  it('names a track by the server’s label, else by its language in the page language', () => {
    expect(trackLabel({ url: '', lang: 'fr', label: 'Français' }, 'de')).toBe('Français');
    expect(trackLabel({ url: '', lang: 'fr', label: ' ' }, 'de')).toBe('Französisch');
    expect(trackLabel({ url: '', lang: 'fr', label: '' }, 'en')).toBe('French');
  });
});
