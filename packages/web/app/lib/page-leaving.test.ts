// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { watchPageLeaving } from './page-leaving';

describe('watchPageLeaving', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is false until the page starts unloading, true while it does', () => {
    const target = new EventTarget() as Window;
    const isLeaving = watchPageLeaving(target);
    expect(isLeaving()).toBe(false);
    target.dispatchEvent(new Event('pagehide'));
    expect(isLeaving()).toBe(true);
    target.dispatchEvent(new Event('pageshow'));
    expect(isLeaving()).toBe(false);
  });

  it('forgets a beforeunload after a moment, since a cancelled leave keeps the page', () => {
    vi.useFakeTimers();
    const target = new EventTarget() as Window;
    const isLeaving = watchPageLeaving(target);
    target.dispatchEvent(new Event('beforeunload'));
    expect(isLeaving()).toBe(true);
    vi.advanceTimersByTime(3000);
    expect(isLeaving()).toBe(false);
  });

  it('is never leaving without a window (server rendering)', () => {
    expect(watchPageLeaving(undefined)()).toBe(false);
  });
});
