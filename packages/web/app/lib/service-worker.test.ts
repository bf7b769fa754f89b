// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerServiceWorker, SERVICE_WORKER_DELAY_MS } from './service-worker';

let register: ReturnType<typeof vi.fn>;
let idle: Array<() => void>;

/** Sets `document.readyState`, which jsdom reports as complete. */
function setReadyState(state: DocumentReadyState) {
  Object.defineProperty(document, 'readyState', { value: state, configurable: true });
}

beforeEach(() => {
  vi.useFakeTimers();
  register = vi.fn(async () => ({}));
  vi.stubGlobal('navigator', { ...navigator, serviceWorker: { register } });
  idle = [];
  window.requestIdleCallback = ((callback: () => void) => idle.push(callback)) as never;
  window.cancelIdleCallback = vi.fn();
  setReadyState('complete');
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const production = { production: true, isBot: false };

describe('registerServiceWorker (SPEC §4, §9)', () => {
  it('registers /sw.js once the loaded page is idle', () => {
    registerServiceWorker(production);
    expect(register).not.toHaveBeenCalled();
    idle.shift()?.();
    expect(register).toHaveBeenCalledWith('/sw.js');
    vi.advanceTimersByTime(SERVICE_WORKER_DELAY_MS);
    expect(register).toHaveBeenCalledTimes(1);
  });

  it('waits for the load event of a page still loading', () => {
    setReadyState('loading');
    registerServiceWorker(production);
    expect(idle).toHaveLength(0);
    window.dispatchEvent(new Event('load'));
    idle.shift()?.();
    expect(register).toHaveBeenCalledTimes(1);
  });

  it('registers after 30000 ms at the latest when the page never settles', () => {
    setReadyState('loading');
    registerServiceWorker(production);
    vi.advanceTimersByTime(SERVICE_WORKER_DELAY_MS - 1);
    expect(register).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(register).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event('load'));
    expect(idle).toHaveLength(0);
  });

  it('falls back to a timer where requestIdleCallback is missing', () => {
    // @ts-expect-error Safari has none.
    window.requestIdleCallback = undefined;
    registerServiceWorker(production);
    vi.advanceTimersByTime(0);
    expect(register).toHaveBeenCalledTimes(1);
  });

  it('does nothing outside production builds, for bots, or without service workers', () => {
    registerServiceWorker({ production: false, isBot: false });
    registerServiceWorker({ production: true, isBot: true });
    vi.stubGlobal('navigator', { userAgent: 'old browser' });
    registerServiceWorker(production);
    vi.advanceTimersByTime(SERVICE_WORKER_DELAY_MS);
    for (const callback of idle) callback();
    expect(register).not.toHaveBeenCalled();
  });

  it('does nothing on the server', () => {
    vi.stubGlobal('window', undefined);
    expect(() => registerServiceWorker(production)()).not.toThrow();
    vi.unstubAllGlobals();
    vi.advanceTimersByTime(SERVICE_WORKER_DELAY_MS);
    expect(register).not.toHaveBeenCalled();
  });

  it('can be cancelled before it registers', () => {
    const cancel = registerServiceWorker(production);
    cancel();
    vi.advanceTimersByTime(SERVICE_WORKER_DELAY_MS);
    expect(register).not.toHaveBeenCalled();
    expect(window.cancelIdleCallback).toHaveBeenCalled();
  });

  it('only warns when the registration fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    register.mockRejectedValue(new Error('404'));
    registerServiceWorker(production);
    idle.shift()?.();
    await vi.waitFor(() => expect(warn).toHaveBeenCalled());
  });
});
