// @vitest-environment jsdom
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActivityCounter } from '../../lib/progress/activity';
import { renderWithProviders } from '../../lib/testing/render-with-providers';
import { BusyOverlay } from './busy-overlay';

afterEach(cleanup);

const overlayOf = (container: HTMLElement) =>
  container.querySelector<HTMLElement>('[data-busy-overlay]');

describe('BusyOverlay (SPEC §2: full-screen spinner during requests)', () => {
  it('shows nothing but an empty live region while idle', () => {
    const { container } = renderWithProviders(<BusyOverlay counter={createActivityCounter()} />);
    expect(overlayOf(container)).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('shows the spinner while blocking work runs and announces "loading" once, politely', () => {
    const counter = createActivityCounter();
    const { container } = renderWithProviders(<BusyOverlay counter={counter} />);
    const status = screen.getByRole('status');
    let first = () => {};
    act(() => {
      first = counter.start();
      counter.start();
    });
    expect(overlayOf(container)).not.toBeNull();
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(status.textContent).toBe('Wird geladen …');
    act(() => first());
    // Still the same region with the same text: nothing is announced a second time.
    expect(screen.getByRole('status')).toBe(status);
    expect(status.textContent).toBe('Wird geladen …');
  });

  it('never traps focus or blocks the pointer', () => {
    const counter = createActivityCounter();
    const { container } = renderWithProviders(
      <>
        <button type="button">Weiter</button>
        <BusyOverlay counter={counter} />
      </>,
    );
    const button = screen.getByRole('button', { name: 'Weiter' });
    button.focus();
    act(() => {
      counter.start();
    });
    const overlay = overlayOf(container);
    expect(overlay?.style.pointerEvents).toBe('none');
    expect(overlay?.hasAttribute('inert')).toBe(true);
    expect(overlay?.getAttribute('aria-hidden')).toBe('true');
    expect(overlay?.getAttribute('aria-modal')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(
      overlay?.querySelectorAll('a[href], button, input, select, textarea, [tabindex]'),
    ).toHaveLength(0);
    expect(document.activeElement).toBe(button);
  });

  it('hides the spinner and clears the announcement when the work ends', () => {
    const counter = createActivityCounter();
    const { container } = renderWithProviders(<BusyOverlay counter={counter} />);
    let done = () => {};
    act(() => {
      done = counter.start();
    });
    act(() => done());
    expect(overlayOf(container)).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('');
  });
});
