// @vitest-environment jsdom
import type { Bundle } from '@geoportal/contract/files';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { empty, json } from '../../../lib/testing/fake-fetch';
import type { ApiRoutes } from '../../../lib/testing/render-app';
import { bundle, fileEntry, recordId, renderFiles } from '../testing/render-files';
import { FilesPanel, type FilesPanelProps } from './files-panel';

vi.mock('../../../lib/toast', () => ({ showToast: vi.fn() }));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const base = `/object/${recordId}`;
const data = bundle(
  'data',
  [
    fileEntry('karte.png', 'image/png', { index: true }),
    fileEntry('bericht.pdf', 'application/pdf', { size: 2_500_000 }),
  ],
  { description: 'Rasterdaten' },
);
const hidden = bundle('intern', [fileEntry('notizen.txt', 'text/plain')], {
  display: false,
  order: 1,
});

function setup(
  props: Partial<FilesPanelProps> = {},
  { routes = {}, bundles = [data, hidden] }: { routes?: ApiRoutes; bundles?: Bundle[] } = {},
) {
  const allRoutes: ApiRoutes = {
    [`GET ${base}`]: () => json({ id: recordId, bundles }),
    ...routes,
  };
  const view = renderFiles(
    <FilesPanel id={recordId} bundles={bundles} canWrite visitorCanRead={false} {...props} />,
    { routes: allRoutes, principal: props.canWrite === false ? null : undefined },
  );
  return { ...view, user: userEvent.setup() };
}

/** The upload requests (the fake also sees the viewers' downloads). */
const uploads = (xhr: ReturnType<typeof renderFiles>['xhr']) =>
  xhr.requests.filter((request) => request.method === 'POST');
const picker = () => document.querySelector('input[type="file"]') as HTMLInputElement;
const region = (name: string) => screen.getByRole('region', { name });

describe('FilesPanel for those who may write', () => {
  it('lists bundles with their files, sizes, media types and settings', () => {
    setup();
    const card = region('Paket data');
    expect(within(card).getByRole('button', { name: 'karte.png' })).toBeTruthy();
    expect(within(card).getByText(/2,5\sMB · application\/pdf/)).toBeTruthy();
    expect(within(card).getByRole('switch', { name: 'Für Besucher sichtbar' })).toHaveProperty(
      'checked',
      true,
    );
    expect(within(card).getByRole('combobox', { name: /^Indexdatei/ })).toHaveProperty(
      'value',
      'karte.png',
    );
    expect(within(card).getByRole('textbox', { name: 'Beschreibung' })).toHaveProperty(
      'value',
      'Rasterdaten',
    );
    expect(within(region('Paket intern')).getByText('Verborgen')).toBeTruthy();
  });

  it('refuses bad names and too large files before sending, with a text per file', async () => {
    const { user, xhr } = setup({ maxUploadBytes: 1000 });
    await user.upload(picker(), [
      new File(['x'], 'CON.txt'),
      new File(['x'.repeat(1001)], 'gross.bin'),
      new File(['x'], 'bericht.'),
    ]);
    const list = region('Hochladen');
    expect(within(list).getByText(/unter Windows reserviert/)).toBeTruthy();
    expect(
      within(list).getByText(/größer als die erlaubten 1\sKB|größer als die erlaubten 1\skB/),
    ).toBeTruthy();
    expect(within(list).getByText(/endet auf einen Punkt/)).toBeTruthy();
    expect(uploads(xhr)).toHaveLength(0);
    await user.click(within(list).getByRole('button', { name: 'Aus der Liste nehmen: CON.txt' }));
    expect(within(list).queryByText('CON.txt')).toBeNull();
  });

  it('uploads into the chosen bundle with progress in whole percent, then reloads', async () => {
    const { user, xhr, sent } = setup();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Paket' }), 'intern');
    await user.upload(picker(), new File(['hello'], 'neu.txt', { type: 'text/plain' }));
    const request = xhr.last();
    expect(request.url).toBe(`/api/v1${base}/intern/upload`);
    expect(request.headers.AccessToken).toBe('token-1');
    const form = request.body as FormData;
    expect([...form.keys()]).toEqual(['filename', 'file']);
    expect(form.get('filename')).toBe('neu.txt');

    act(() => request.progressUp(421, 1000));
    const bar = screen.getByRole('progressbar', { name: 'Hochladen von neu.txt' });
    expect(bar.getAttribute('aria-valuenow')).toBe('42');
    expect(screen.getByText('42 %')).toBeTruthy();

    act(() => request.progressUp(1000, 1000));
    expect(screen.getByText(/der Server speichert die Datei/)).toBeTruthy();
    const before = sent('GET').length;
    act(() =>
      request.respond(
        201,
        {
          url: `${base}/intern/neu.txt`,
          type: 'text/plain',
          size: 5,
          filename: 'neu.txt',
          file: fileEntry('neu.txt', 'text/plain'),
        },
        { 'content-type': 'application/json' },
      ),
    );
    expect(await screen.findByText('Hochgeladen.')).toBeTruthy();
    await waitFor(() => expect(sent('GET').length).toBe(before + 1));
    expect(sent('GET').at(-1)?.headers.accept).toBe('application/json; detail=detailed');
  });

  it('cancels a running upload by aborting its request', async () => {
    const { user, xhr } = setup();
    await user.upload(picker(), new File(['hello'], 'lang.bin'));
    act(() => xhr.last().progressUp(100, 1000));
    await user.click(screen.getByRole('button', { name: 'Abbrechen: lang.bin' }));
    expect(xhr.last().aborted).toBe(true);
    expect(await screen.findByText('Abgebrochen.')).toBeTruthy();
  });

  it('shows the server’s text when an upload fails', async () => {
    const { user, xhr } = setup();
    await user.upload(picker(), new File(['hello'], 'a.txt'));
    act(() =>
      xhr
        .last()
        .respond(
          413,
          { status: 413, code: 'request.too_large', message: 'Too large.' },
          { 'content-type': 'application/json' },
        ),
    );
    expect(await screen.findByText(/Der Server nimmt so große Dateien nicht an/)).toBeTruthy();
  });

  it('checks the name of a new bundle before anything is sent', async () => {
    const { user, xhr } = setup();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Paket' }), 'Neues Paket …');
    const name = screen.getByRole('textbox', { name: /Name des neuen Pakets/ });
    await user.type(name, 'Meine Daten');
    await user.upload(picker(), new File(['x'], 'a.txt'));
    expect(uploads(xhr)).toHaveLength(0);
    expect(await screen.findByText(/Dieser Name ist nicht möglich/)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(name));

    await user.clear(name);
    await user.type(name, 'dokumente');
    await user.upload(picker(), new File(['x'], 'a.txt'));
    expect(xhr.last().url).toBe(`/api/v1${base}/dokumente/upload`);
  });

  it('hides a bundle from visitors and chooses the index file', async () => {
    const { user, sent } = setup(
      {},
      {
        routes: {
          [`PUT ${base}/data/display`]: () => empty(),
          [`PUT ${base}/data/index/bericht.pdf`]: () => empty(),
        },
      },
    );
    const card = region('Paket data');
    await user.click(within(card).getByRole('switch', { name: 'Für Besucher sichtbar' }));
    await waitFor(() => expect(sent('PUT')).toHaveLength(1));
    expect(sent('PUT')[0]?.url).toBe(`/api/v1${base}/data/display`);
    expect(sent('PUT')[0]?.body).toBe('false');

    await user.selectOptions(
      within(card).getByRole('combobox', { name: /^Indexdatei/ }),
      'bericht.pdf',
    );
    await waitFor(() => expect(sent('PUT')).toHaveLength(2));
    expect(sent('PUT')[1]?.url).toBe(`/api/v1${base}/data/index/bericht.pdf`);
    expect(sent('PUT')[1]?.body).toBe('true');
  });

  it('clears the index file with “none”', async () => {
    const { user, sent } = setup(
      {},
      {
        routes: { [`PUT ${base}/data/index/karte.png`]: () => empty() },
      },
    );
    await user.selectOptions(
      within(region('Paket data')).getByRole('combobox', { name: /^Indexdatei/ }),
      'Keine',
    );
    await waitFor(() => expect(sent('PUT')).toHaveLength(1));
    expect(sent('PUT')[0]?.body).toBe('false');
  });

  it('saves a changed description', async () => {
    const { user, sent } = setup(
      {},
      {
        routes: { [`PUT ${base}/data/description`]: () => empty() },
      },
    );
    const card = region('Paket data');
    const field = within(card).getByRole('textbox', { name: 'Beschreibung' });
    await user.clear(field);
    await user.type(field, 'Orthofotos 2025');
    await user.click(within(card).getByRole('button', { name: 'Beschreibung speichern' }));
    await waitFor(() => expect(sent('PUT')).toHaveLength(1));
    expect(sent('PUT')[0]?.body).toBe('"Orthofotos 2025"');
  });

  it('deletes a file only after confirmation', async () => {
    const { user, sent } = setup(
      {},
      {
        routes: { [`DELETE ${base}/data/delete/bericht.pdf`]: () => empty() },
      },
    );
    const card = region('Paket data');
    await user.click(within(card).getByRole('button', { name: 'Löschen: bericht.pdf' }));
    let dialog = await screen.findByRole('dialog', { name: 'Datei löschen?' });
    expect(within(dialog).getByText(/„bericht.pdf“ wird aus dem Paket data gelöscht/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent('DELETE')).toHaveLength(0);

    await user.click(within(card).getByRole('button', { name: 'Löschen: bericht.pdf' }));
    dialog = await screen.findByRole('dialog', { name: 'Datei löschen?' });
    const reads = sent('GET').length;
    await user.click(within(dialog).getByRole('button', { name: 'Löschen' }));
    await waitFor(() => expect(sent('DELETE')).toHaveLength(1));
    expect(sent('DELETE')[0]?.url).toBe(`/api/v1${base}/data/delete/bericht.pdf`);
    await waitFor(() => expect(sent('GET').length).toBeGreaterThan(reads));
  });
});

describe('FilesPanel: the ZIP of a draft’s bundle', () => {
  it('downloads through a signed URL issued at the click', async () => {
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.getAttribute('href') ?? '');
    });
    const { user, sent } = setup(
      {},
      {
        routes: {
          [`POST ${base}/intern/bearer`]: () =>
            json({
              token: 'tok-zip',
              expires: new Date(Date.now() + 600_000).toISOString(),
              prefix: `/api/v1/object/bearer-${recordId}/intern/tok-zip/`,
            }),
        },
      },
    );
    await user.click(
      within(region('Paket intern')).getByRole('button', {
        name: 'Alle Dateien herunterladen (ZIP): intern',
      }),
    );
    await waitFor(() =>
      expect(clicked).toEqual([`/api/v1/object/bearer-${recordId}/intern/tok-zip?format=zip`]),
    );
    expect(sent('POST')[0]?.headers.accesstoken).toBe('token-1');
    click.mockRestore();
  });
});

describe('FilesPanel for visitors', () => {
  it('reads the bundles itself and offers downloads without any management controls', async () => {
    const { sent } = setup(
      { canWrite: false, visitorCanRead: true, bundles: undefined },
      { bundles: [data] },
    );
    const card = await screen.findByRole('region', { name: 'Paket data' });
    expect(sent('GET')[0]?.url).toBe(`/api/v1${base}`);
    const link = within(card).getByRole('link', { name: 'bericht.pdf' });
    expect(link.getAttribute('href')).toBe(`/api/v1${base}/data/bericht.pdf`);
    expect(link.hasAttribute('download')).toBe(true);
    expect(within(card).getByText('Rasterdaten')).toBeTruthy();
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.queryByRole('button', { name: /Löschen/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Dateien auswählen' })).toBeNull();
    expect(picker()).toBeNull();
    // The index image is shown at once, from its plain address.
    const image = within(card).getByRole('img', { name: 'Bild karte.png' });
    expect(image.getAttribute('src')).toBe(`/api/v1${base}/data/karte.png`);
    // Thumbnails of the image and the PDF, decorative beside the named links.
    const thumbnails = Array.from(card.querySelectorAll('img[alt=""]'), (img) =>
      img.getAttribute('src'),
    );
    expect(thumbnails).toEqual([
      `/api/v1/object/preview/thumbnail/${recordId}/data/karte.png`,
      `/api/v1/object/preview/thumbnail/${recordId}/data/bericht.pdf`,
    ]);
    const zip = within(card).getByRole('link', {
      name: 'Alle Dateien herunterladen (ZIP): data',
    });
    expect(zip.getAttribute('href')).toBe(`/api/v1${base}/data?format=zip`);
    expect(zip.getAttribute('download')).toBe('data.zip');
  });

  it('shows nothing when the record has no files for them', async () => {
    const { container, sent } = setup(
      { canWrite: false, visitorCanRead: true, bundles: undefined },
      { bundles: [] },
    );
    await waitFor(() => expect(sent('GET')).toHaveLength(1));
    expect(container.querySelector('section')).toBeNull();
    expect(screen.queryByRole('heading')).toBeNull();
  });
});
