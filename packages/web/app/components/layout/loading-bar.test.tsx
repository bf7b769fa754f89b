// @vitest-environment jsdom
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActivityCounter } from '../../lib/progress/activity';
import { renderWithProviders } from '../../lib/testing/render-with-providers';
import { LoadingBar, loadingBarRules, nextPercent } from './loading-bar';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const bar = () => screen.queryByRole('progressbar', { name: 'Ladefortschritt' });
const percentNow = () => Number(bar()?.getAttribute('aria-valuenow'));

describe('LoadingBar (SPEC §2, §9)', () => {
  it('shows nothing while no work is in flight', () => {
    renderWithProviders(<LoadingBar counter={createActivityCounter()} />);
    expect(bar()).toBeNull();
  });

  it('starts at 2 % as soon as work begins, without a latency threshold', () => {
    const counter = createActivityCounter();
    renderWithProviders(<LoadingBar counter={counter} />);
    act(() => {
      counter.start();
    });
    expect(bar()).not.toBeNull();
    expect(percentNow()).toBe(2);
    expect(bar()?.getAttribute('aria-valuemin')).toBe('0');
    expect(bar()?.getAttribute('aria-valuemax')).toBe('100');
  });

  it('ticks every 250 ms towards 95 %, never beyond', () => {
    const counter = createActivityCounter();
    renderWithProviders(<LoadingBar counter={counter} />);
    act(() => {
      counter.start();
    });
    act(() => vi.advanceTimersByTime(249));
    expect(percentNow()).toBe(2);
    act(() => vi.advanceTimersByTime(1));
    expect(percentNow()).toBe(Math.round(nextPercent(2)));
    const seen = [percentNow()];
    for (let tick = 0; tick < 100; tick += 1) {
      act(() => vi.advanceTimersByTime(loadingBarRules.tickMs));
      seen.push(percentNow());
    }
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(seen.at(-1)).toBe(95);
  });

  it('completes to 100 % when the work ends, then fades away', () => {
    const counter = createActivityCounter();
    renderWithProviders(<LoadingBar counter={counter} />);
    let done = () => {};
    act(() => {
      done = counter.start();
    });
    act(() => vi.advanceTimersByTime(1000));
    act(() => done());
    expect(percentNow()).toBe(100);
    expect(bar()?.hasAttribute('data-finishing')).toBe(true);
    act(() => vi.advanceTimersByTime(loadingBarRules.finishMs));
    expect(bar()).toBeNull();
  });

  it('keeps running while any of several requests is in flight and restarts for new work', () => {
    const counter = createActivityCounter();
    renderWithProviders(<LoadingBar counter={counter} />);
    let first = () => {};
    let second = () => {};
    act(() => {
      first = counter.start();
      second = counter.start();
    });
    act(() => first());
    expect(bar()?.hasAttribute('data-finishing')).toBe(false);
    act(() => second());
    expect(percentNow()).toBe(100);
    act(() => {
      counter.start();
    });
    expect(percentNow()).toBe(2);
    expect(bar()?.hasAttribute('data-finishing')).toBe(false);
  });
});
