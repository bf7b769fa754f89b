import { afterEach, describe, expect, it, vi } from 'vitest';
import { cacheKey, MemoryCache } from './cache';

describe('MemoryCache', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers stored values until their lifetime ends (default 300000 ms)', () => {
    vi.useFakeTimers();
    const cache = new MemoryCache<string>();
    cache.set('a', 'value');
    vi.advanceTimersByTime(299_999);
    expect(cache.get('a')).toBe('value');
    vi.advanceTimersByTime(1);
    expect(cache.get('a')).toBeUndefined();
  });

  it('loads once and serves the cached value after that, but never caches a failure', async () => {
    const cache = new MemoryCache<number>();
    const load = vi.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValue(42);
    await expect(cache.getOrLoad('k', load)).rejects.toThrow('down');
    expect(await cache.getOrLoad('k', load)).toBe(42);
    expect(await cache.getOrLoad('k', load)).toBe(42);
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('cacheKey', () => {
  it('joins a prefix and values without the characters [ ] ( ) / : |', () => {
    expect(cacheKey('i18n', 'http://x:1/api/v1', 'de')).toBe('i18nhttpx1apiv1de');
    expect(cacheKey('q', { a: [1] }, '(a|b)')).toBe('q{"a"1}ab');
  });
});
