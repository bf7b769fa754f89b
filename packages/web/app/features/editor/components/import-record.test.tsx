// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, json } from '../../../lib/testing/fake-fetch';
import { draft, renderEditor } from '../testing/render-editor';
import { ImportRecord } from './import-record';

vi.mock('../../../lib/toast', () => ({ showToast: vi.fn() }));
afterEach(cleanup);

const xml = () =>
  new File(['<gmd:MD_Metadata xmlns:gmd="http://www.isotc211.org/2005/gmd"/>'], 'boden.xml', {
    type: 'text/xml',
  });

/** The hidden file input behind the import button. */
const fileInput = (container: HTMLElement) =>
  container.ownerDocument.querySelector('input[type="file"]') as HTMLInputElement;

describe('ImportRecord', () => {
  it('sends the file as XML and opens the new draft in the editor', async () => {
    const { sent, router, container } = renderEditor(<ImportRecord />, {
      routes: { 'POST /object/import': () => json({ ...draft, id: 'record-0000000077' }, 201) },
    });
    expect(screen.getByRole('button', { name: 'ISO-19139-Datei importieren' })).toBeTruthy();
    await userEvent.upload(fileInput(container), xml());
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/metadata/record-0000000077/edit'),
    );
    const [request] = sent('POST');
    expect(request?.headers['content-type']).toBe('application/xml');
    const body = request?.body as Blob;
    expect(await body.text()).toContain('MD_Metadata');
  });

  it('explains an unreadable file with the parser’s line and column', async () => {
    const { container, router } = renderEditor(<ImportRecord />, {
      routes: {
        'POST /object/import': () =>
          errorResponse(
            400,
            'record.import_invalid',
            'The XML is not well-formed: line 3, column 7.',
          ),
      },
    });
    await userEvent.upload(fileInput(container), xml());
    expect(await screen.findByText('Import nicht möglich')).toBeTruthy();
    expect(
      screen.getByText(
        'Die Datei ist kein lesbarer ISO-19139-Datensatz. Prüfen Sie die Datei und versuchen Sie es erneut.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Details: The XML is not well-formed: line 3, column 7.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/metadata/create');
  });

  describe('a file imported before', () => {
    const exists = () =>
      errorResponse(409, 'record.exists', 'A record with the file identifier exists already.');
    const check =
      (existing: object | null, hidden = false) =>
      () =>
        json({ fileIdentifier: 'boden-0001', existing, hidden });
    const existing = {
      id: 'record-0000000042',
      version: 4,
      state: 'draft',
      title: { de: 'Bodenkarte alt' },
      writable: true,
    };

    it('offers to update the existing record and saves over the version it showed', async () => {
      const { sent, router, container } = renderEditor(<ImportRecord />, {
        routes: {
          'POST /object/import': exists,
          'POST /object/import/check': check(existing),
          'PUT /object/record-0000000042/import?version=4': () =>
            json({ ...draft, id: 'record-0000000042', version: 5 }),
        },
      });
      await userEvent.upload(fileInput(container), xml());
      expect(await screen.findByText('„boden.xml“ wurde schon einmal importiert')).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Bodenkarte alt' }).getAttribute('href')).toBe(
        '/metadata/record-0000000042',
      );
      await userEvent.click(
        screen.getByRole('button', { name: 'Vorhandenen Datensatz aktualisieren' }),
      );
      await waitFor(() =>
        expect(router.state.location.pathname).toBe('/metadata/record-0000000042/edit'),
      );
      const body = sent('PUT')[0]?.body as Blob;
      expect(await body.text()).toContain('MD_Metadata');
    });

    it('imports a copy when asked, and never without asking', async () => {
      const { sent, router, container } = renderEditor(<ImportRecord />, {
        routes: {
          'POST /object/import': exists,
          'POST /object/import/check': check(existing),
          'POST /object/import?as=copy': () => json({ ...draft, id: 'record-0000000099' }, 201),
        },
      });
      await userEvent.upload(fileInput(container), xml());
      await screen.findByText('„boden.xml“ wurde schon einmal importiert');
      expect(sent('POST').map((r) => r.url)).not.toContain('/api/v1/object/import?as=copy');
      await userEvent.click(screen.getByRole('button', { name: 'Als Kopie importieren' }));
      await waitFor(() =>
        expect(router.state.location.pathname).toBe('/metadata/record-0000000099/edit'),
      );
    });

    it('offers only a copy for a record the user may not see, and tells nothing of it', async () => {
      const { container, router } = renderEditor(<ImportRecord />, {
        routes: {
          'POST /object/import': exists,
          'POST /object/import/check': check(null, true),
        },
      });
      await userEvent.upload(fileInput(container), xml());
      expect(
        await screen.findByText(/Es gibt bereits einen Datensatz mit dieser Dateikennung/),
      ).toBeTruthy();
      expect(
        screen.queryByRole('button', { name: 'Vorhandenen Datensatz aktualisieren' }),
      ).toBeNull();
      expect(screen.queryByRole('link')).toBeNull();
      await userEvent.click(screen.getByRole('button', { name: 'Abbrechen' }));
      expect(screen.queryByText('„boden.xml“ wurde schon einmal importiert')).toBeNull();
      expect(router.state.location.pathname).toBe('/metadata/create');
    });
  });
});
