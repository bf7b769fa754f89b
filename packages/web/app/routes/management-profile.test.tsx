// @vitest-environment jsdom
import type { Principal } from '@geoportal/contract/access';
import { act, cleanup, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { editorProfile, renderWithAccess } from '../features/profile/testing/render-profile';
import { json } from '../lib/testing/fake-fetch';
import { editor } from '../lib/testing/fixtures';
import ManagementProfileRoute, { handle } from './management-profile';

afterEach(cleanup);

/** Opens `/management/profile/<name>` with `principal` saved as the signed-in user. */
function open(name: string, principal: Principal = editor) {
  return renderWithAccess(
    <MemoryRouter initialEntries={[`/management/profile/${name}`]}>
      <Routes>
        <Route path="/management/profile/:name" element={<ManagementProfileRoute />} />
      </Routes>
    </MemoryRouter>,
    {
      principal,
      routes: {
        'GET /access/authorized': () => json(principal),
        'GET /access/profile': () => json({ ...editorProfile, readonly: principal.readonly }),
      },
    },
  );
}

describe('management.profile route', () => {
  it('is open to every signed-in user', () => {
    expect(handle).toEqual({
      breadcrumb: 'route.management.profile',
      guard: { roles: ['*'] },
    });
  });

  it('shows a labelled loader while the sign-in is not confirmed yet', () => {
    open('editor');
    expect(screen.getByRole('heading', { level: 1, name: 'Profil' })).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Profil wird geladen …' })).toBeTruthy();
  });

  it('shows the own profile and the password change', async () => {
    const { access } = open('editor');
    await act(() => access.auth.start());
    expect(await screen.findByRole('textbox', { name: 'Vorname' })).toHaveProperty(
      'value',
      'Erika',
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Persönliche Angaben' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Passwort ändern' })).toBeTruthy();
  });

  it('offers no password change to a read-only user', async () => {
    const { access } = open('editor', { ...editor, readonly: true });
    await act(() => access.auth.start());
    expect(await screen.findByRole('textbox', { name: 'Vorname' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(screen.queryByRole('heading', { name: 'Passwort ändern' })).toBeNull();
  });

  it('points from another user’s profile to the own one', async () => {
    const { access, requests } = open('someone.else');
    await act(() => access.auth.start());
    expect(screen.getByText('Hier können Sie nur Ihr eigenes Profil bearbeiten.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Zu Ihrem Profil' }).getAttribute('href')).toBe(
      '/management/profile/editor',
    );
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(requests.map((r) => r.url)).not.toContain('/api/v1/access/profile');
  });
});
