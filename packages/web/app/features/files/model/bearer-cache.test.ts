import type { BearerToken } from '@geoportal/contract/files';
import { describe, expect, it, vi } from 'vitest';
import { bearerKey, createBearerCache } from './bearer-cache';

const issued = (token: string, expires: number): BearerToken => ({
  token,
  expires: new Date(expires).toISOString(),
  prefix: `/api/v1/object/bearer-r/data/${token}/`,
});

describe('bearer cache', () => {
  it('reuses a token until shortly before it expires, then issues a new one', async () => {
    let now = 0;
    const cache = createBearerCache({ now: () => now, marginMs: 60_000 });
    const issue = vi
      .fn()
      .mockResolvedValueOnce(issued('a', 600_000))
      .mockResolvedValueOnce(issued('b', 1_200_000));
    // Two tags at once share one issue.
    const [first, second] = await Promise.all([cache.get('k', issue), cache.get('k', issue)]);
    expect([first.token, second.token]).toEqual(['a', 'a']);
    now = 539_000;
    expect((await cache.get('k', issue)).token).toBe('a');
    now = 540_000;
    expect((await cache.get('k', issue)).token).toBe('b');
    expect(issue).toHaveBeenCalledTimes(2);
  });

  it('keeps no failed issue and forgets on request', async () => {
    const cache = createBearerCache({ now: () => 0 });
    const issue = vi
      .fn()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(issued('c', 600_000));
    await expect(cache.get('k', issue)).rejects.toThrow('offline');
    expect((await cache.get('k', issue)).token).toBe('c');
    cache.forget('k');
    await cache.get('k', issue);
    expect(issue).toHaveBeenCalledTimes(3);
  });

  it('keys tokens by bundle and caller', () => {
    const visitor = bearerKey('r', 'data', { token: null });
    expect(bearerKey('r', 'data', { token: 't' })).not.toBe(visitor);
    expect(bearerKey('r', 'data', { token: null, accessKey: 'k' })).not.toBe(visitor);
    expect(bearerKey('r', 'docs', { token: null })).not.toBe(visitor);
  });
});
