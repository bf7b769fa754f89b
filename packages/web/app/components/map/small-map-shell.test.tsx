// @vitest-environment jsdom
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NEAR_WINDOW_MARGIN } from '../../lib/hooks/use-near-window';
import { renderWithProviders } from '../../lib/testing/render-with-providers';
import { SmallMapShell } from './small-map-shell';

/**
 * The browser's IntersectionObserver as far as the shell uses it: the test says when the
 * observed placeholder comes near the window.
 */
class WindowWatch {
  static watches: WindowWatch[] = [];
  observed: Element[] = [];
  disconnected = false;
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options?: IntersectionObserverInit,
  ) {
    WindowWatch.watches.push(this);
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {
    this.disconnected = true;
  }
  comesNear() {
    const entries = this.observed.map(
      (target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry,
    );
    this.callback(entries, this as unknown as IntersectionObserver);
  }
}

const native = globalThis.IntersectionObserver;
beforeEach(() => {
  WindowWatch.watches = [];
  globalThis.IntersectionObserver = WindowWatch as unknown as typeof IntersectionObserver;
});
afterEach(() => {
  cleanup();
  globalThis.IntersectionObserver = native;
});

describe('SmallMapShell', () => {
  it('keeps the placeholder until it comes near the window, then renders the map', async () => {
    renderWithProviders(
      <SmallMapShell height={120} placeholderTestId="map-placeholder">
        {() => <div data-testid="the-map" />}
      </SmallMapShell>,
    );
    const placeholder = screen.getByTestId('map-placeholder');
    expect(placeholder.style.height).toBe('120px');
    const watch = WindowWatch.watches.at(-1);
    expect(watch?.observed).toEqual([placeholder]);
    expect(watch?.options?.rootMargin).toBe(NEAR_WINDOW_MARGIN);
    // The page has loaded by now (the shell's other condition): still no map, far from view.
    await new Promise((resolve) => setTimeout(resolve, 1700));
    expect(screen.queryByTestId('the-map')).toBeNull();

    await act(async () => watch?.comesNear());
    expect(await screen.findByTestId('the-map')).toBeTruthy();
    expect(screen.queryByTestId('map-placeholder')).toBeNull();
    expect(watch?.disconnected).toBe(true);
  }, 10_000);

  it('renders the map after the page has loaded where the browser cannot tell the distance', async () => {
    globalThis.IntersectionObserver = undefined as unknown as typeof IntersectionObserver;
    renderWithProviders(
      <SmallMapShell height={120} placeholderTestId="map-placeholder">
        {() => <div data-testid="the-map" />}
      </SmallMapShell>,
    );
    expect(await screen.findByTestId('the-map', {}, { timeout: 5_000 })).toBeTruthy();
  }, 10_000);
});
