// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, json } from '../../../lib/testing/fake-fetch';
import { bodyOf } from '../../../lib/testing/render-app';
import { showToast } from '../../../lib/toast';
import { emptyValues } from '../model/editor-values';
import { toFormValues } from '../model/to-form-values';
import { draft, renderEditor } from '../testing/render-editor';
import { RecordEditor } from './record-editor';

// Toasts are checked as calls; the map of the extent field needs a real browser.
vi.mock('../../../lib/toast', () => ({ showToast: vi.fn() }));
vi.mock('./extent/extent-field', () => ({ ExtentField: () => null }));

beforeEach(() => vi.mocked(showToast).mockClear());
afterEach(cleanup);

/** Types a text as one paste: one input event, quicker in jsdom than key by key. */
async function fill(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, text: string) {
  await user.click(input);
  await user.paste(text);
}

// Finding by accessible name walks the whole (large) form; give it time on a busy machine.
const slow = { timeout: 5000 };

const created = { ...draft, id: 'record-0000000099', version: 1 };
const editedRecord = {
  id: draft.id,
  version: draft.version,
  state: draft.state,
  transitions: draft.permissions.transitions,
};

describe('RecordEditor', { timeout: 20_000 }, () => {
  it('saves a new draft with only what was filled in and moves to its edit page', async () => {
    const user = userEvent.setup();
    const { sent, router } = renderEditor(<RecordEditor record={null} values={emptyValues()} />, {
      routes: { 'POST /object': () => json(created, 201) },
    });
    await fill(
      user,
      screen.getByRole('textbox', { name: 'Titel (Deutsch)' }),
      'Grundwasser Bayern',
    );
    expect(screen.getByText('Ungespeicherte Änderungen')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Entwurf speichern' }));

    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/metadata/record-0000000099/edit'),
    );
    expect(bodyOf(sent('POST')[0])).toEqual({
      type: 'dataset',
      metadata: { title: { de: 'Grundwasser Bayern' } },
    });
    expect(router.state.historyAction).toBe('REPLACE');
    expect(showToast).toHaveBeenCalledWith('success', 'Erfolg', 'Der Entwurf wurde angelegt.');
  });

  it('keeps malformed values from the server and says which field to fix', async () => {
    const user = userEvent.setup();
    const { sent } = renderEditor(<RecordEditor record={null} values={emptyValues()} />);
    await user.click(screen.getByRole('button', { name: 'Kontakt hinzufügen' }));
    await fill(user, screen.getByRole('textbox', { name: 'E-Mail' }), 'keine-adresse');
    await user.click(screen.getByRole('button', { name: 'Entwurf speichern' }));

    const summary = await screen.findByRole('region', { name: /verhindern das Speichern/ }, slow);
    expect(within(summary).getByText('Titel: ist erforderlich')).toBeTruthy();
    expect(within(summary).getByText('Kontakt 1, E-Mail: ist keine E-Mail-Adresse')).toBeTruthy();
    expect(within(summary).getByText('Kontakt 1, Rolle: ist erforderlich')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(screen.getByText('E-Mail: ist keine E-Mail-Adresse')).toBeTruthy();
    expect(sent('POST')).toEqual([]);
    // The overview counts the problems of each section.
    const overview = screen.getByRole('navigation', { name: 'Fortschritt' });
    expect(
      within(overview).getByRole('link', { name: /Kontakte.*2 Angaben ungültig/ }),
    ).toBeTruthy();
  });

  it('asks before submitting and sends the optional comment with the step', async () => {
    const user = userEvent.setup();
    const metadata = {
      ...draft.metadata,
      abstract: { de: 'Bodenkarte des Landes' },
      topicCategories: ['inlandWaters'],
      extent: { west: 9, south: 50, east: 11, north: 52 },
      dates: { creation: '2024-01-01' },
      contacts: [{ organisation: 'Landesamt', email: 'info@amt.example', role: 'pointOfContact' }],
      licence: 'cc-by-4.0',
      lineage: { de: 'Kartiert 2023' },
    };
    const { sent, router } = renderEditor(
      <RecordEditor record={editedRecord} values={toFormValues('dataset', metadata)} />,
      {
        path: '/bearbeiten',
        routes: {
          'PUT /object': () => json({ ...draft, version: 4, metadata }),
          [`PUT /object/${draft.id}/state`]: () => json({ ...draft, state: 'submitted' }),
        },
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Zur Prüfung einreichen' }, slow));
    const dialog = await screen.findByRole('dialog', { name: 'Zur Prüfung einreichen' });
    expect(sent('PUT')).toEqual([]);
    await fill(user, within(dialog).getByRole('textbox', { name: /Kommentar/ }), 'Bitte prüfen');
    await user.click(within(dialog).getByRole('button', { name: 'Zur Prüfung einreichen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/metadata/${draft.id}`));
    const [save, step] = sent('PUT');
    expect(save?.url).toBe('/api/v1/object');
    expect(bodyOf(step)).toEqual({ state: 'submitted', comment: 'Bitte prüfen' });
  });

  it('keeps submitting off while required fields are missing and names them', async () => {
    renderEditor(
      <RecordEditor record={editedRecord} values={toFormValues('dataset', draft.metadata)} />,
      {
        path: '/bearbeiten',
      },
    );
    const submit = screen.getByRole('button', {
      name: 'Zur Prüfung einreichen',
    }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    const hint = document.getElementById(submit.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toBe(
      'Zum Einreichen fehlen noch: Kurzbeschreibung, Themenkategorien (ISO 19115), Räumliche Ausdehnung, ein Bezugsdatum, ein Kontakt mit der Rolle „Ansprechpartner“, Lizenz und Herkunft der Daten. Als Entwurf können Sie jederzeit speichern.',
    );
    const overview = screen.getByRole('navigation', { name: 'Fortschritt' });
    expect(within(overview).getByText('1 von 8 Abschnitten vollständig')).toBeTruthy();
    expect(
      within(overview).getByRole('link', { name: /Identifikation.*1 Pflichtangabe fehlt/ }),
    ).toBeTruthy();
    expect(
      within(overview).getByRole('link', { name: /Bereitstellung.*vollständig/ }),
    ).toBeTruthy();
  });

  it('shows a lost update side by side and overwrites it knowingly with the saved version number', async () => {
    const user = userEvent.setup();
    const saved = {
      ...draft,
      version: 4,
      modified: '2026-11-21T10:15:00.000Z',
      metadata: { ...draft.metadata, title: { de: 'Bodenkarte Sachsen' }, licence: 'cc-by-4.0' },
    };
    let puts = 0;
    const { sent } = renderEditor(
      <RecordEditor record={editedRecord} values={toFormValues('dataset', draft.metadata)} />,
      {
        path: '/bearbeiten',
        routes: {
          'PUT /object': () => {
            puts += 1;
            return puts === 1
              ? errorResponse(409, 'object.version_conflict', 'Someone saved in between.')
              : json({
                  ...saved,
                  version: 5,
                  metadata: { title: { de: 'Bodenkarte Niedersachsen' } },
                });
          },
          [`GET /object/${draft.id}`]: () => json(saved),
        },
      },
    );
    const title = screen.getByRole('textbox', { name: 'Titel (Deutsch)' });
    await user.clear(title);
    await fill(user, title, 'Bodenkarte Niedersachsen');
    await user.click(screen.getByRole('button', { name: 'Entwurf speichern' }));

    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Der Datensatz wurde inzwischen geändert' },
      slow,
    );
    const rows = within(dialog).getAllByRole('row').slice(1);
    expect(rows.map((row) => Array.from(row.children, (cell) => cell.textContent))).toEqual([
      ['Titel', 'Deutsch: Bodenkarte Niedersachsen', 'Deutsch: Bodenkarte Sachsen'],
      ['Lizenz', '(leer)', 'CC BY 4.0'],
    ]);
    expect(bodyOf(sent('PUT')[0])).toMatchObject({ id: draft.id, version: 3 });

    await user.click(
      within(dialog).getByRole('button', { name: 'Mit meiner Fassung überschreiben' }),
    );
    await waitFor(() => expect(sent('PUT')).toHaveLength(2));
    expect(bodyOf(sent('PUT')[1])).toEqual({
      id: draft.id,
      version: 4,
      type: 'dataset',
      metadata: { title: { de: 'Bodenkarte Niedersachsen' }, keywords: ['Boden'] },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('Alle Änderungen gespeichert')).toBeTruthy();
  });

  it('loads the saved version when the user discards their changes', async () => {
    const user = userEvent.setup();
    const saved = { ...draft, version: 4, metadata: { title: { de: 'Bodenkarte Sachsen' } } };
    renderEditor(
      <RecordEditor record={editedRecord} values={toFormValues('dataset', draft.metadata)} />,
      {
        path: '/bearbeiten',
        routes: {
          'PUT /object': () => errorResponse(409, 'object.version_conflict', 'Conflict.'),
          [`GET /object/${draft.id}`]: () => json(saved),
        },
      },
    );
    await fill(user, screen.getByRole('textbox', { name: 'Titel (Deutsch)' }), ' neu');
    await user.click(screen.getByRole('button', { name: 'Entwurf speichern' }));
    const dialog = await screen.findByRole('dialog', undefined, slow);
    await user.click(
      within(dialog).getByRole('button', {
        name: 'Meine Änderungen verwerfen und gespeicherte Fassung laden',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(
      (screen.getByRole('textbox', { name: 'Titel (Deutsch)' }) as HTMLInputElement).value,
    ).toBe('Bodenkarte Sachsen');
    expect(screen.getByText('Alle Änderungen gespeichert')).toBeTruthy();
  });

  it('asks before leaving with unsaved changes', async () => {
    const user = userEvent.setup();
    const { router } = renderEditor(<RecordEditor record={null} values={emptyValues()} />);
    await fill(user, screen.getByRole('textbox', { name: 'Titel (Deutsch)' }), 'Halb fertig');
    void router.navigate('/');
    const dialog = await screen.findByRole('dialog', { name: 'Ungespeicherte Änderungen' }, slow);
    await user.click(within(dialog).getByRole('button', { name: 'Bleiben' }));
    expect(router.state.location.pathname).toBe('/metadata/create');
    void router.navigate('/');
    await user.click(await screen.findByRole('button', { name: 'Ohne Speichern verlassen' }, slow));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  describe('focus after saving', () => {
    /**
     * jsdom lacks the browsers' focus fixup: a focused button that gets disabled (as the
     * save button does while saving) drops the focus to <body>. This adds it; answers
     * whether it happened.
     */
    function dropFocusFromDisabled() {
      const dropped = { happened: false };
      const observer = new MutationObserver(() => {
        const active = document.activeElement;
        if (active instanceof HTMLButtonElement && active.disabled) {
          // jsdom's blur() ignores a disabled element; the browser ends up on <body>.
          document.body.tabIndex = -1;
          document.body.focus();
          dropped.happened = document.activeElement === document.body;
        }
      });
      observer.observe(document.body, {
        subtree: true,
        attributes: true,
        attributeFilter: ['disabled'],
      });
      return {
        dropped,
        stop: () => {
          observer.disconnect();
          document.body.removeAttribute('tabindex');
        },
      };
    }

    it('keeps the focus on "Save" after a keyboard save, not on <body>', async () => {
      const user = userEvent.setup();
      const fixup = dropFocusFromDisabled();
      // In a browser a frame may come before React re-enabled the button (found in e2e):
      // frames come as soon as possible here, so a focus given back too early shows.
      vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
        queueMicrotask(() => callback(performance.now()));
        return 0;
      });
      const { sent } = renderEditor(
        <RecordEditor record={editedRecord} values={toFormValues('dataset', draft.metadata)} />,
        {
          path: '/bearbeiten',
          routes: { 'PUT /object': () => json({ ...draft, version: 4 }) },
        },
      );
      await fill(user, screen.getByRole('textbox', { name: 'Titel (Deutsch)' }), ' neu');
      const save = screen.getByRole('button', { name: 'Entwurf speichern' });
      save.focus();
      await user.keyboard('{Enter}');
      await waitFor(() => expect(sent('PUT')).toHaveLength(1));
      await screen.findByText('Alle Änderungen gespeichert');
      await waitFor(() => expect(document.activeElement).toBe(save));
      expect(fixup.dropped.happened).toBe(true);
      fixup.stop();
      vi.mocked(window.requestAnimationFrame).mockRestore();
    });

    it('puts the focus on "Save" where the first save of a new record moved to', async () => {
      const user = userEvent.setup();
      const first = renderEditor(<RecordEditor record={null} values={emptyValues()} />, {
        routes: { 'POST /object': () => json(created, 201) },
      });
      await fill(user, screen.getByRole('textbox', { name: 'Titel (Deutsch)' }), 'Neu');
      await user.click(screen.getByRole('button', { name: 'Entwurf speichern' }));
      await waitFor(() =>
        expect(first.router.state.location.pathname).toBe('/metadata/record-0000000099/edit'),
      );
      expect(first.router.state.location.state).toEqual({ focusSave: true });
      cleanup();

      // The edit page's editor, reached with that history state.
      const { router } = renderEditor(
        <RecordEditor record={editedRecord} values={toFormValues('dataset', draft.metadata)} />,
        { path: '/', pattern: '/metadata/:id/edit' },
      );
      await router.navigate(`/metadata/${draft.id}/edit`, { state: { focusSave: true } });
      const save = await screen.findByRole('button', { name: 'Entwurf speichern' }, slow);
      await waitFor(() => expect(document.activeElement).toBe(save));
    });
  });
});
