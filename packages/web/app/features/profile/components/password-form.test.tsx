// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, json } from '../../../lib/testing/fake-fetch';
import { type ApiRoutes, bodyOf } from '../../../lib/testing/render-app';
import { showToast } from '../../../lib/toast';
import { renderWithAccess } from '../testing/render-profile';
import { PasswordForm } from './password-form';

// The toasts are checked as calls: the notification container is the root's business.
vi.mock('../../../lib/toast', () => ({ showToast: vi.fn() }));

const newSession = { id: 'new-session', expires: '2030-01-01T00:00:00.000Z' };

/** A password field by its label; the label ends in the hidden asterisk of required fields. */
const field = (label: string) =>
  screen.getByLabelText(new RegExp(`^${label}\\s*\\*?$`)) as HTMLInputElement;

function renderForm(routes: ApiRoutes = {}) {
  const result = renderWithAccess(<PasswordForm />, { routes });
  const user = userEvent.setup();
  /** Types the three fields (empty ones are skipped) and submits with the button. */
  const submit = async (current: string, next: string, repeat: string) => {
    if (current) await user.type(field('Aktuelles Passwort'), current);
    if (next) await user.type(field('Neues Passwort'), next);
    if (repeat) await user.type(field('Neues Passwort wiederholen'), repeat);
    await user.click(screen.getByRole('button', { name: 'Passwort ändern' }));
  };
  return { ...result, user, submit };
}

function refused(code: string, path: string) {
  return () =>
    json({ status: 400, code, message: 'Refused.', fields: [{ path, message: 'refused' }] }, 400);
}

beforeEach(() => {
  vi.mocked(showToast).mockClear();
});
afterEach(cleanup);

describe('PasswordForm', () => {
  it('names every control, the visibility toggles included, and reaches them by keyboard', () => {
    renderForm();
    expect(screen.getByRole('form', { name: 'Passwort ändern' })).toBeTruthy();
    for (const label of ['Aktuelles Passwort', 'Neues Passwort', 'Neues Passwort wiederholen']) {
      expect(field(label).required).toBe(true);
      const toggle = screen.getByRole('button', { name: `Passwort anzeigen: ${label}` });
      expect(toggle.tabIndex).toBe(0);
    }
    expect(field('Neues Passwort').autocomplete).toBe('new-password');
    expect(field('Aktuelles Passwort').autocomplete).toBe('current-password');
  });

  it('blocks a repetition that does not match and sends nothing', async () => {
    const { submit, sent } = renderForm();
    await submit('old password', 'new password 1', 'new password 2');
    expect(
      screen.getByText('Die Wiederholung stimmt nicht mit dem neuen Passwort überein.'),
    ).toBeTruthy();
    expect(field('Neues Passwort wiederholen').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field('Neues Passwort wiederholen'));
    expect(sent('PUT')).toEqual([]);
  });

  it('checks the length limits and the current password before sending', async () => {
    const { submit, sent } = renderForm();
    await submit('', 'short', 'short');
    expect(screen.getByText('Geben Sie Ihr aktuelles Passwort ein.')).toBeTruthy();
    expect(screen.getByText('Das neue Passwort muss 8 bis 128 Zeichen lang sein.')).toBeTruthy();
    expect(document.activeElement).toBe(field('Aktuelles Passwort'));
    expect(sent('PUT')).toEqual([]);
  });

  it('puts a wrong current password at the current password field', async () => {
    const { submit, sent } = renderForm({
      'PUT /access/profile/password': refused('password.wrong_current', 'body.currentPassword'),
    });
    await submit('not my password', 'new password 1', 'new password 1');
    await waitFor(() => expect(showToast).toHaveBeenCalledTimes(1));
    expect(showToast).toHaveBeenCalledWith('error', 'Fehler', 'Das aktuelle Passwort ist falsch.');
    const current = field('Aktuelles Passwort');
    expect(current.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText('Das aktuelle Passwort ist falsch.')).toHaveLength(1);
    expect(document.activeElement).toBe(current);
    expect(field('Neues Passwort').getAttribute('aria-invalid')).toBeNull();
    expect(sent('PUT')).toHaveLength(1);
  });

  it('puts a refused common password at the new password field', async () => {
    const { submit } = renderForm({
      'PUT /access/profile/password': refused('password.common', 'body.newPassword'),
    });
    await submit('old password', 'password123', 'password123');
    expect(
      await screen.findByText('Dieses Passwort ist zu verbreitet. Wählen Sie ein anderes.'),
    ).toBeTruthy();
    expect(field('Neues Passwort').getAttribute('aria-invalid')).toBe('true');
    expect(field('Aktuelles Passwort').getAttribute('aria-invalid')).toBeNull();
  });

  it('adopts the new session, clears the form and says that other devices were signed out', async () => {
    const { submit, sent, access, local } = renderForm({
      'PUT /access/profile/password': () => json(newSession),
    });
    await submit('old password', 'new password 1', 'new password 1');
    await waitFor(() => expect(showToast).toHaveBeenCalledTimes(1));
    expect(showToast).toHaveBeenCalledWith(
      'success',
      'Erfolg',
      'Ihr Passwort wurde geändert. Auf allen anderen Geräten wurden Sie abgemeldet.',
    );
    const [request] = sent('PUT');
    expect(request?.url).toBe('/api/v1/access/profile/password');
    expect(request?.headers.accesstoken).toBe('old-token');
    expect(bodyOf(request)).toEqual({
      currentPassword: 'old password',
      newPassword: 'new password 1',
    });
    expect(access.auth.getSnapshot()).toMatchObject({ token: 'new-session', session: newSession });
    expect(local.getItem('accessToken')).toBe('new-session');
    expect(field('Aktuelles Passwort').value).toBe('');
    expect(field('Neues Passwort').value).toBe('');
    expect(field('Neues Passwort wiederholen').value).toBe('');
  });

  it('shows the error text of a failure that names no field', async () => {
    const { submit } = renderForm({
      'PUT /access/profile/password': () => errorResponse(429, 'request.rate_limited', 'Slow.'),
    });
    await submit('old password', 'new password 1', 'new password 1');
    await waitFor(() => expect(showToast).toHaveBeenCalledTimes(1));
    expect(showToast).toHaveBeenCalledWith(
      'error',
      'Fehler',
      'Zu viele Anfragen. Warten Sie einen Moment und versuchen Sie es erneut.',
    );
    expect(field('Aktuelles Passwort').value).toBe('old password');
  });
});
