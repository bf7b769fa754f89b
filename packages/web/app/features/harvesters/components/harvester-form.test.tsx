// @vitest-environment jsdom
import type { Principal } from '@geoportal/contract/access';
import type { Harvester } from '@geoportal/contract/harvester';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, json } from '../../../lib/testing/fake-fetch';
import { type ApiRoutes, bodyOf, renderApp } from '../../../lib/testing/render-app';
import { HarvesterForm } from './harvester-form';

vi.mock('../../../lib/toast', () => ({ showToast: vi.fn() }));
afterEach(cleanup);

const admin: Principal = { name: 'admin', readonly: false, roles: ['administrator'] };

const saved: Harvester = {
  id: '6f1c0c52-9a3e-4a39-9d53-2d3c8e0a9f10',
  name: 'Landesportal',
  source: { type: 'csw', url: 'https://geo.example.org/csw', constraint: null },
  schedule: '0 3 * * *',
  owner: null,
  group: null,
  collision: 'skip',
  publish: true,
  created: '2026-11-26T08:00:00.000Z',
  modified: '2026-11-26T08:00:00.000Z',
  records: 0,
  lastRun: null,
};

function setup(api: ApiRoutes = {}, harvester?: Harvester) {
  const onSaved = vi.fn();
  const result = renderApp(<HarvesterForm harvester={harvester} onSaved={onSaved} />, {
    principal: admin,
    api: {
      'GET /users?rows=200&sort=name': () =>
        json({ numFound: 1, start: 0, rows: 200, docs: [{ name: 'editor', roles: [] }] }),
      'GET /groups': () => json([]),
      ...api,
    },
  });
  return { ...result, onSaved, user: userEvent.setup() };
}

const field = (name: RegExp) => screen.getByRole('textbox', { name });

/** Puts a text into a field at once (typing key by key re-renders the long form each time). */
async function fill(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, text: string) {
  await user.click(input);
  await user.paste(text);
}

// The long Mantine form renders slowly in jsdom on a busy machine.
describe('HarvesterForm', { timeout: 20_000 }, () => {
  it('names what each refused field needs and puts the focus on the first', async () => {
    const { user, sent } = setup();
    await fill(user, field(/^Wann/), '0 25 * * *');
    await user.click(screen.getByRole('button', { name: 'Harvester anlegen' }));
    expect(
      await screen.findByText('Geben Sie einen Namen mit höchstens 200 Zeichen ein.'),
    ).toBeTruthy();
    expect(screen.getByText(/Geben Sie die Adresse des entfernten Katalogs ein/)).toBeTruthy();
    expect(screen.getByText(/Das ist kein Cron-Ausdruck/)).toBeTruthy();
    expect(document.activeElement).toBe(field(/^Name/));
    expect(sent('POST')).toHaveLength(0);
  });

  it('reads the schedule in words with its next runs, or says there is none', async () => {
    const { user } = setup();
    const hint = screen.getByTestId('schedule-hint');
    expect(hint.textContent).toContain('Kein Zeitplan');
    await fill(user, field(/^Wann/), '0 3 * * *');
    expect(hint.textContent).toMatch(/^Um 03:00 \(UTC\)\. Nächste Läufe: .+ und .+\.$/);
  });

  it('explains each collision policy', () => {
    setup();
    const group = screen.getByRole('radiogroup', {
      name: /Wenn ein Datensatz mit derselben Kennung/,
    });
    const skip = within(group).getByRole('radio', { name: 'Überspringen' });
    expect(skip).toHaveProperty('checked', true);
    expect(within(group).getByText(/zählt als übersprungen/)).toBeTruthy();
    expect(within(group).getByText(/unter einer neuen ID/)).toBeTruthy();
    // A harvest never changes a record it did not create: no policy overwrites one.
    expect(within(group).getAllByRole('radio')).toHaveLength(2);
    expect(screen.getByText(/Ein Harvest ändert sie nie/)).toBeTruthy();
  });

  it('creates the harvester with the values as typed', async () => {
    const { user, sent, onSaved } = setup({
      'POST /harvesters': (request) => json({ ...saved, ...(bodyOf(request) as object) }, 201),
    });
    await fill(user, field(/^Name/), 'Landesportal');
    await fill(user, field(/^Adresse/), 'https://geo.example.org/csw');
    await fill(user, field(/^Wann/), '0 3 * * *');
    await user.click(screen.getByRole('radio', { name: 'Beide behalten' }));
    await user.click(screen.getByRole('checkbox', { name: /sofort veröffentlichen/ }));
    await user.click(screen.getByRole('button', { name: 'Harvester anlegen' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(bodyOf(sent('POST')[0])).toEqual({
      name: 'Landesportal',
      source: { type: 'csw', url: 'https://geo.example.org/csw', constraint: null },
      schedule: '0 3 * * *',
      owner: null,
      group: null,
      collision: 'keep both',
      publish: true,
    });
  });

  it('marks the address the server refuses to request', async () => {
    const { user } = setup(
      {
        [`PUT /harvesters/${saved.id}`]: () =>
          errorResponse(400, 'harvester.refused_url', 'The address is refused.'),
      },
      saved,
    );
    await user.click(screen.getByRole('button', { name: 'Änderungen speichern' }));
    expect(
      (await screen.findAllByText(/Diese Adresse ruft das Portal nicht ab/)).length,
    ).toBeGreaterThan(0);
    await waitFor(() => expect(field(/^Adresse/).getAttribute('aria-invalid')).toBe('true'));
  });

  it('tests the connection and shows the remote’s title and record count', async () => {
    const { user, sent } = setup(
      {
        'POST /harvesters/test': () => json({ ok: true, title: 'Geoportal Kreis', records: 1234 }),
      },
      saved,
    );
    await user.click(screen.getByRole('button', { name: 'Verbindung testen' }));
    expect(await screen.findByText('Geoportal Kreis')).toBeTruthy();
    expect(screen.getByText('Er bietet 1.234 Datensätze an.')).toBeTruthy();
    expect(bodyOf(sent('POST')[0])).toEqual({
      source: { type: 'csw', url: 'https://geo.example.org/csw', constraint: null },
    });
  });

  it('says why the connection failed and what to do', async () => {
    const { user } = setup(
      {
        'POST /harvesters/test': () =>
          json({ ok: false, code: 'harvester.refused_url', message: 'Refused.' }),
      },
      saved,
    );
    await user.click(screen.getByRole('button', { name: 'Verbindung testen' }));
    const alert = (await screen.findByText('Keine Verbindung zum Katalog')).closest(
      '[role="alert"], .mantine-Alert-root',
    ) as HTMLElement;
    expect(alert.textContent).toMatch(/gesperrten Netzbereich/);
    expect(alert.textContent).toMatch(/Verwenden Sie die öffentliche Adresse des Katalogs/);
  });

  it('shows the server’s own words for a failure it has no translation for', async () => {
    const { user } = setup(
      {
        'POST /harvesters/test': () =>
          json({ ok: false, code: 'harvester.not_a_catalogue', message: 'No CSW answers here.' }),
      },
      saved,
    );
    await user.click(screen.getByRole('button', { name: 'Verbindung testen' }));
    expect(await screen.findByText('No CSW answers here.')).toBeTruthy();
    expect(screen.getByText(/Prüfen Sie die Adresse und die Art der Quelle/)).toBeTruthy();
  });

  it('tests nothing while the address is not one', async () => {
    const { user, sent } = setup();
    await user.click(screen.getByRole('button', { name: 'Verbindung testen' }));
    expect(
      await screen.findByText(/Geben Sie die Adresse des entfernten Katalogs ein/),
    ).toBeTruthy();
    expect(document.activeElement).toBe(field(/^Adresse/));
    expect(sent('POST')).toHaveLength(0);
  });
});
