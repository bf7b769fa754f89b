// @vitest-environment jsdom
import type { AccessKey } from '@geoportal/contract/object';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { empty, json } from '../../../lib/testing/fake-fetch';
import { type ApiRoutes, bodyOf } from '../../../lib/testing/render-app';
import { draft, renderRecords } from '../testing/render-records';
import { SharingPanel } from './sharing-panel';

vi.mock('../../../lib/toast', () => ({ showToast: vi.fn() }));
afterEach(cleanup);

const base = `/object/${draft.id}`;
const key: AccessKey = {
  id: 'key-1',
  type: 'read',
  comment: 'Vermessungsamt',
  created: '2026-11-20T10:00:00.000Z',
  creator: 'submitter',
  expires: null,
  active: true,
  lastUsed: null,
};

function setup(extra: ApiRoutes = {}) {
  let keys: AccessKey[] = [key];
  const routes: ApiRoutes = {
    [`GET ${base}/accessKeys`]: () => json(keys),
    [`GET ${base}/accessControl`]: () => json({ public: true, grants: [] }),
    [`POST ${base}/accessKeys`]: (request) => {
      const created = { ...key, id: 'key-2', comment: 'Neu', ...(bodyOf(request) as object) };
      keys = [...keys, created];
      return json({ ...created, secret: 's3cr3t-value' }, 201);
    },
    [`DELETE ${base}/accessKeys/key-1`]: () => {
      keys = keys.map((k) => (k.id === 'key-1' ? { ...k, active: false } : k));
      return empty();
    },
    ...extra,
  };
  const result = renderRecords(<SharingPanel id={draft.id} />, { routes });
  return { ...result, user: userEvent.setup() };
}

describe('SharingPanel', () => {
  it('lists the keys with their facts', async () => {
    setup();
    const item = (await screen.findByText('Vermessungsamt')).closest('li') as HTMLElement;
    expect(within(item).getByText('Aktiv')).toBeTruthy();
    expect(within(item).getByText('unbefristet')).toBeTruthy();
    expect(within(item).getByText('noch nie')).toBeTruthy();
  });

  it('shows a new key’s secret once, in a dialog with a copy button', async () => {
    const { user, sent } = setup();
    await screen.findByText('Vermessungsamt');
    await user.type(screen.getByRole('textbox', { name: /^Kommentar/ }), 'Neu');
    await user.click(screen.getByRole('button', { name: 'Schlüssel erstellen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Zugangsschlüssel erstellt' });
    expect(within(dialog).getByRole('textbox', { name: 'Neuer Zugangsschlüssel' })).toHaveProperty(
      'value',
      's3cr3t-value',
    );
    expect(within(dialog).getByText(/wird nicht wieder angezeigt/)).toBeTruthy();
    expect(bodyOf(sent('POST')[0])).toEqual({ type: 'read', comment: 'Neu' });

    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(within(dialog).getByRole('button', { name: 'Schlüssel kopieren' }));
    expect(writeText).toHaveBeenCalledWith('s3cr3t-value');
    expect(
      await within(dialog).findByText('Der Schlüssel ist in der Zwischenablage.'),
    ).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Fertig' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.body.textContent).not.toContain('s3cr3t-value');
  });

  it('selects the secret for copying by hand when the clipboard is unavailable', async () => {
    const { user } = setup();
    await screen.findByText('Vermessungsamt');
    await user.click(screen.getByRole('button', { name: 'Schlüssel erstellen' }));
    const dialog = await screen.findByRole('dialog');
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    await user.click(within(dialog).getByRole('button', { name: 'Schlüssel kopieren' }));
    expect(within(dialog).getByText(/Kopieren war nicht möglich/)).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByRole('textbox'));
  });

  it('revokes a key only after confirming', async () => {
    const { user, sent } = setup();
    await screen.findByText('Vermessungsamt');
    await user.click(screen.getByRole('button', { name: 'Schlüssel „Vermessungsamt“ widerrufen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Zugangsschlüssel widerrufen?' });
    await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent('DELETE')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Schlüssel „Vermessungsamt“ widerrufen' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: 'Schlüssel widerrufen',
      }),
    );
    // The key's status, not the button of the same word, which goes with the reload.
    expect(await screen.findByText('Widerrufen', { selector: 'dd' })).toBeTruthy();
    expect(sent('DELETE')).toHaveLength(1);
    expect(
      screen.queryByRole('button', { name: 'Schlüssel „Vermessungsamt“ widerrufen' }),
    ).toBeNull();
  });

  it('saves the public flag and grants, asking for missing names first', async () => {
    const { user, sent } = setup({
      [`POST ${base}/accessControl`]: (request) => json(bodyOf(request)),
    });
    await screen.findByRole('switch', { name: /Öffentlich/ });
    await user.click(screen.getByRole('switch', { name: /Öffentlich/ }));
    await user.click(screen.getByRole('button', { name: 'Freigabe hinzufügen' }));
    await user.click(screen.getByRole('button', { name: 'Freigaben speichern' }));
    expect(screen.getByText('Geben Sie einen Namen ein.')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Benutzername' }), 'erika');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Recht' }), 'write');
    await user.click(screen.getByRole('button', { name: 'Freigaben speichern' }));
    await waitFor(() => expect(sent('POST')).toHaveLength(1));
    expect(bodyOf(sent('POST')[0])).toEqual({
      public: false,
      grants: [{ permission: 'write', subject: { kind: 'user', name: 'erika' } }],
    });
  });
});
