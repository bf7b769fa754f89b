// @vitest-environment jsdom
import { notifications, notificationsStore } from '@mantine/notifications';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadToastList, ToastContainer } from '../components/layout/toast-container';
import { renderWithProviders } from './testing/render-with-providers';
import {
  hideToast,
  setToastMode,
  showToast,
  toastContainerProps,
  toastDefaults,
  toastRules,
  truncateMessage,
} from './toast';
import { type Toasts, useToast } from './use-toast';

let toast: Toasts;
function Harness() {
  toast = useToast();
  return <ToastContainer />;
}

function renderToasts() {
  renderWithProviders(<Harness />);
}

/** Lets the container's effects and transitions run (the fade takes 300 ms). */
function settle(ms = toastRules.transitionMs + 50) {
  act(() => vi.advanceTimersByTime(ms));
}

const toasts = () => [...screen.queryAllByRole('alert'), ...screen.queryAllByRole('status')];
const messagesShown = () => toasts().map((element) => element.textContent);

// The container's chunk, loaded here as a page loads it with its first toast: the tests below
// then see the container at once, with fake timers.
beforeAll(async () => {
  await loadToastList();
});
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  act(() => notifications.clean());
  cleanup();
  setToastMode('toast');
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('toast rules (SPEC §9)', () => {
  it('keeps the library defaults and the product overrides apart', () => {
    expect(toastDefaults).toEqual({
      timeoutMs: 5000,
      extendedTimeoutMs: 1000,
      easeMs: 300,
      position: 'top-right',
      newestOnTop: true,
      closeButton: false,
      progressBar: false,
      tapToDismiss: true,
    });
    expect(toastContainerProps).toEqual({
      position: 'bottom-right',
      limit: 3,
      autoClose: 10_000,
      transitionDuration: 300,
      withAutoCloseProgress: false,
    });
  });

  it('cuts messages over 256 characters to 253 plus three dots', () => {
    expect(truncateMessage('a'.repeat(256))).toBe('a'.repeat(256));
    expect(truncateMessage('a'.repeat(257))).toBe(`${'a'.repeat(253)}...`);
    expect(truncateMessage('a'.repeat(257))).toHaveLength(256);
  });
});

describe('toasts in the container', () => {
  it('titles a toast with the translated type and names its close button', () => {
    renderToasts();
    settle();
    act(() => {
      toast.error('Speichern fehlgeschlagen.');
      toast.success('Gespeichert.');
    });
    const error = screen.getByRole('alert');
    expect(error.textContent).toContain('Fehler');
    expect(error.textContent).toContain('Speichern fehlgeschlagen.');
    // Success is polite: it does not interrupt a screen reader.
    expect(screen.getByRole('status').textContent).toContain('Erfolg');
    expect(screen.getAllByRole('button', { name: 'Meldung schließen' })).toHaveLength(2);
  });

  it('shows long messages cut at 256 characters', () => {
    renderToasts();
    settle();
    act(() => {
      toast.info('x'.repeat(300));
    });
    expect(messagesShown()[0]).toContain(`${'x'.repeat(253)}...`);
    expect(messagesShown()[0]).not.toContain('x'.repeat(254));
  });

  it('hides a toast by its id, open or waiting, and ignores ids that are gone', () => {
    renderToasts();
    settle();
    let ids: (string | undefined)[] = [];
    act(() => {
      ids = ['a', 'b', 'c', 'd'].map((m) => showToast('error', 'Fehler', m));
    });
    expect(notificationsStore.getState().queue.map((item) => item.id)).toEqual([ids[3]]);
    act(() => hideToast(ids[3]));
    expect(notificationsStore.getState().queue).toHaveLength(0);
    act(() => hideToast(ids[0]));
    settle();
    expect(notificationsStore.getState().notifications.map((item) => item.id)).toEqual([
      ids[1],
      ids[2],
    ]);
    act(() => {
      hideToast(ids[0]);
      hideToast(undefined);
    });
    expect(notificationsStore.getState().notifications).toHaveLength(2);
  });

  it('suppresses a duplicate (same type and message) while the first is open', () => {
    renderToasts();
    settle();
    act(() => {
      toast.warning('Verbindung langsam.');
      toast.warning('Verbindung langsam.');
      toast.error('Verbindung langsam.');
    });
    expect(toasts()).toHaveLength(2);
  });

  it('opens at most three; the fourth waits until one closes', () => {
    renderToasts();
    settle();
    const ids: Array<string | undefined> = [];
    act(() => {
      for (const n of [1, 2, 3, 4]) ids.push(toast.info(`Meldung ${n}`));
    });
    expect(toasts()).toHaveLength(3);
    expect(notificationsStore.getState().queue.map((item) => item.id)).toEqual([ids[3]]);
    expect(messagesShown().join()).not.toContain('Meldung 4');
    // A queued duplicate is suppressed as well.
    act(() => {
      expect(toast.info('Meldung 4')).toBe(ids[3]);
    });
    expect(notificationsStore.getState().queue).toHaveLength(1);
    act(() => notifications.hide(ids[0] as string));
    settle();
    expect(toasts()).toHaveLength(3);
    expect(messagesShown().join()).toContain('Meldung 4');
  });

  it('closes a toast after 10000 ms, fading over 300 ms', () => {
    renderToasts();
    settle();
    act(() => {
      toast.error('Zeitüberschreitung.');
    });
    settle(toastRules.autoCloseMs - 1);
    expect(toasts()).toHaveLength(1);
    settle(1);
    expect(notificationsStore.getState().notifications).toHaveLength(0);
    settle(toastRules.transitionMs);
    expect(toasts()).toHaveLength(0);
  });

  it('closes a toast on a tap anywhere on it', () => {
    renderToasts();
    settle();
    act(() => {
      toast.info('Tippen schließt.');
    });
    fireEvent.click(screen.getByText('Tippen schließt.'));
    settle();
    expect(toasts()).toHaveLength(0);
  });

  it('closes a toast with its close button, and the same message may show again', () => {
    renderToasts();
    settle();
    act(() => {
      toast.warning('Noch einmal.');
    });
    fireEvent.click(screen.getByRole('button', { name: 'Meldung schließen' }));
    settle();
    expect(toasts()).toHaveLength(0);
    act(() => {
      toast.warning('Noch einmal.');
    });
    expect(toasts()).toHaveLength(1);
  });
});

describe('console mode (SPEC §9)', () => {
  it('logs warnings as warnings and errors as errors, info and success not at all', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    setToastMode('console');
    expect(showToast('warning', 'Warnung', 'w')).toBeUndefined();
    showToast('error', 'Fehler', 'e'.repeat(300));
    showToast('info', 'Hinweis', 'i');
    showToast('success', 'Erfolg', 's');
    expect(warn.mock.calls).toEqual([['Warnung: w']]);
    expect(error.mock.calls).toEqual([[`Fehler: ${'e'.repeat(253)}...`]]);
    expect(log).not.toHaveBeenCalled();
    expect(info).not.toHaveBeenCalled();
    expect(notificationsStore.getState().notifications).toHaveLength(0);
  });
});
