// @vitest-environment jsdom
import { notifications } from '@mantine/notifications';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../lib/testing/render-with-providers';
import { setToastMode, showToast } from '../../lib/toast';
import { DeferredToastContainer } from './deferred-toast-container';

afterEach(() => {
  act(() => notifications.clean());
  cleanup();
  setToastMode('toast');
  vi.doUnmock('./toast-container');
  vi.resetModules();
});

const shown = () => screen.queryAllByRole('status').map((element) => element.textContent);

describe('DeferredToastContainer', () => {
  it('renders nothing until needed, then shows the toasts shown meanwhile, three at a time', async () => {
    const { container } = renderWithProviders(<DeferredToastContainer />);
    expect(container.querySelector('[class*="notification"]')).toBeNull();

    act(() => {
      for (const n of [1, 2, 3, 4]) showToast('info', 'Hinweis', `Meldung ${n}`);
    });
    await waitFor(() => expect(shown()).toHaveLength(3));
    expect(shown().join(' ')).toContain('Meldung 1');
    expect(shown().join(' ')).not.toContain('Meldung 4');
  });

  it('loads by itself once the page is idle', async () => {
    renderWithProviders(<DeferredToastContainer />);
    // jsdom's document has loaded; its idle callback (or the fallback timer) mounts the
    // container, which a later toast then uses at once.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    act(() => {
      showToast('info', 'Hinweis', 'Später');
    });
    await waitFor(() => expect(shown().join(' ')).toContain('Später'));
  });

  it('keeps the page when the container cannot be loaded, and only logs toasts then', async () => {
    vi.resetModules();
    vi.doMock('./toast-container', () => {
      throw new Error('Failed to fetch dynamically imported module');
    });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { DeferredToastContainer: Deferred } = await import('./deferred-toast-container');
    const toast = await import('../../lib/toast');
    const { container } = renderWithProviders(
      <>
        <Deferred />
        <p>Seiteninhalt</p>
      </>,
    );
    act(() => {
      toast.showToast('error', 'Fehler', 'Etwas ging schief');
    });
    await waitFor(() => expect(toast.getToastMode()).toBe('console'));
    expect(container.textContent).toContain('Seiteninhalt');
    logged.mockRestore();
  });
});
