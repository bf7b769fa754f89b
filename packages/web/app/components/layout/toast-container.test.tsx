// @vitest-environment jsdom
import { notifications } from '@mantine/notifications';
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../lib/testing/render-with-providers';
import { showToast } from '../../lib/toast';
import { ToastContainer } from './toast-container';

afterEach(() => {
  act(() => notifications.clean());
  cleanup();
});

describe('ToastContainer', () => {
  it('renders nothing until the first toast, then loads and shows a burst three at a time', async () => {
    renderWithProviders(<ToastContainer />);
    expect(document.querySelector('.mantine-Notifications-root')).toBeNull();
    act(() => {
      for (const n of [1, 2, 3, 4]) showToast('error', 'Fehler', `Meldung ${n}`);
    });
    expect(await screen.findByText('Meldung 1')).toBeTruthy();
    expect(screen.getAllByRole('alert')).toHaveLength(3);
    expect(screen.queryByText('Meldung 4')).toBeNull();
  });
});
