// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../lib/testing/fake-fetch';
import { editor } from '../../../lib/testing/fixtures';
import { type ApiRoutes, bodyOf } from '../../../lib/testing/render-app';
import { showToast } from '../../../lib/toast';
import { editorProfile, renderWithAccess } from '../testing/render-profile';
import { ProfileForm } from './profile-form';

// The toasts are checked as calls: the notification container is the root's business.
vi.mock('../../../lib/toast', () => ({ showToast: vi.fn() }));

const profileRoutes = (extra: ApiRoutes = {}): ApiRoutes => ({
  'GET /access/profile': () => json(editorProfile),
  'GET /access/authorized': () => json(editor),
  ...extra,
});

async function renderForm(routes: ApiRoutes = profileRoutes()) {
  const result = renderWithAccess(<ProfileForm />, { routes });
  await screen.findByRole('textbox', { name: 'Vorname' });
  return { ...result, user: userEvent.setup() };
}

beforeEach(() => {
  vi.mocked(showToast).mockClear();
});
afterEach(cleanup);

describe('ProfileForm', () => {
  it('shows a labelled loader, then the profile read fresh from the server', async () => {
    const { requests } = renderWithAccess(<ProfileForm />, { routes: profileRoutes() });
    expect(screen.getByRole('status', { name: 'Profil wird geladen …' })).toBeTruthy();
    expect(await screen.findByRole('textbox', { name: 'Vorname' })).toHaveProperty(
      'value',
      'Erika',
    );
    expect(screen.getByRole('textbox', { name: 'Nachname' })).toHaveProperty('value', 'Muster');
    expect(screen.getByRole('textbox', { name: 'E-Mail-Adresse' })).toHaveProperty(
      'value',
      'erika@example.org',
    );
    expect(screen.getByRole('textbox', { name: 'Beschreibung' })).toHaveProperty('value', '');
    expect(screen.getByRole('textbox', { name: 'Benutzername' })).toHaveProperty('readOnly', true);
    expect(requests[0]).toMatchObject({
      method: 'GET',
      url: '/api/v1/access/profile',
      headers: { accesstoken: 'old-token', 'cache-control': 'no-cache' },
    });
  });

  it('keeps Save disabled until something changed', async () => {
    const { user } = await renderForm();
    const save = screen.getByRole('button', { name: 'Speichern' });
    expect(save).toHaveProperty('disabled', true);
    await user.type(screen.getByRole('textbox', { name: 'Beschreibung' }), 'Redaktion');
    expect(save).toHaveProperty('disabled', false);
    await user.clear(screen.getByRole('textbox', { name: 'Beschreibung' }));
    expect(save).toHaveProperty('disabled', true);
  });

  it('shows a translated error at an invalid email, focuses it and sends nothing', async () => {
    const { user, sent } = await renderForm();
    const email = screen.getByRole('textbox', { name: 'E-Mail-Adresse' });
    await user.clear(email);
    await user.type(email, 'erika-at-example');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    const invalid = screen.getByRole('textbox', {
      name: 'E-Mail-Adresse',
      description: /Geben Sie eine gültige E-Mail-Adresse ein/,
    });
    expect(invalid.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(email);
    expect(sent('PUT')).toEqual([]);
    expect(showToast).not.toHaveBeenCalled();
  });

  it('rejects a too long surname with the limit of the contract', async () => {
    const { user, sent } = await renderForm();
    const surname = screen.getByRole('textbox', { name: 'Nachname' });
    await user.click(surname);
    await user.paste('x'.repeat(101));
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(
      screen.getByRole('textbox', {
        name: 'Nachname',
        description: 'Geben Sie höchstens 100 Zeichen ein.',
      }),
    ).toBeTruthy();
    expect(sent('PUT')).toEqual([]);
  });

  it('puts a field error of the server at its field and shows the translated error', async () => {
    const { user } = await renderForm(
      profileRoutes({
        'PUT /access/profile': () =>
          json(
            {
              status: 400,
              code: 'request.validation',
              message: 'The email address is not valid.',
              fields: [{ path: 'body.email', message: 'Invalid email address' }],
            },
            400,
          ),
      }),
    );
    const email = screen.getByRole('textbox', { name: 'E-Mail-Adresse' });
    await user.clear(email);
    await user.type(email, 'erika@example.museum');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(showToast).toHaveBeenCalledTimes(1));
    expect(showToast).toHaveBeenCalledWith(
      'error',
      'Fehler',
      'Einige Angaben sind ungültig. Prüfen Sie die markierten Felder.',
    );
    expect(
      screen.getByRole('textbox', {
        name: 'E-Mail-Adresse',
        description: /Geben Sie eine gültige E-Mail-Adresse ein/,
      }),
    ).toBe(email);
  });

  it('sends exactly the changed fields, shows the success toast and refreshes the user', async () => {
    const saved = { ...editorProfile, givenName: 'Eri', description: 'Redaktion Nord' };
    const { user, sent, requests } = await renderForm(
      profileRoutes({ 'PUT /access/profile': () => json(saved) }),
    );
    const givenName = screen.getByRole('textbox', { name: 'Vorname' });
    await user.clear(givenName);
    await user.type(givenName, 'Eri');
    await user.type(screen.getByRole('textbox', { name: 'Beschreibung' }), '  Redaktion Nord ');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(showToast).toHaveBeenCalledTimes(1));
    expect(showToast).toHaveBeenCalledWith('success', 'Erfolg', 'Ihr Profil wurde gespeichert.');
    expect(sent('PUT')).toHaveLength(1);
    expect(bodyOf(sent('PUT')[0])).toEqual({ givenName: 'Eri', description: 'Redaktion Nord' });
    await waitFor(() =>
      expect(requests.some((r) => r.url === '/api/v1/access/authorized')).toBe(true),
    );
    expect(screen.getByRole('textbox', { name: 'Beschreibung' })).toHaveProperty(
      'value',
      'Redaktion Nord',
    );
    expect(screen.getByRole('button', { name: 'Speichern' })).toHaveProperty('disabled', true);
  });

  it('clears a field with an empty string', async () => {
    const { user, sent } = await renderForm(
      profileRoutes({ 'PUT /access/profile': () => json({ ...editorProfile, email: '' }) }),
    );
    await user.clear(screen.getByRole('textbox', { name: 'E-Mail-Adresse' }));
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(sent('PUT')).toHaveLength(1));
    expect(bodyOf(sent('PUT')[0])).toEqual({ email: '' });
  });

  it('shows a read-only user the values with an explanation and no way to save', async () => {
    renderWithAccess(<ProfileForm />, {
      routes: { 'GET /access/profile': () => json({ ...editorProfile, readonly: true }) },
    });
    const givenName = await screen.findByRole('textbox', { name: 'Vorname' });
    expect(givenName).toHaveProperty('disabled', true);
    expect(givenName).toHaveProperty('value', 'Erika');
    expect(screen.getByRole('textbox', { name: 'E-Mail-Adresse' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(
      screen.getByText(/Ihr Konto wird von einem externen Verzeichnis verwaltet/),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Speichern' })).toBeNull();
  });

  it('offers a retry when the profile cannot be loaded', async () => {
    let calls = 0;
    renderWithAccess(<ProfileForm />, {
      routes: {
        'GET /access/profile': () => {
          calls += 1;
          if (calls === 1) throw new TypeError('Failed to fetch');
          return json(editorProfile);
        },
      },
    });
    expect(await screen.findByText('Das Profil konnte nicht geladen werden.')).toBeTruthy();
    expect(screen.getByText('Failed to fetch')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByRole('textbox', { name: 'Vorname' })).toHaveProperty(
      'value',
      'Erika',
    );
  });
});
