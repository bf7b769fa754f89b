/**
 * A small in-memory cache with a lifetime per entry and a periodic sweep (SPEC §9): entries
 * live 300000 ms by default and expired ones are swept every 60000 ms.
 */
export class MemoryCache<V> {
  private readonly entries = new Map<string, { value: V; expires: number }>();
  private sweeper: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly lifetimeMs = 300_000,
    private readonly sweepMs = 60_000,
  ) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: V, lifetimeMs = this.lifetimeMs): void {
    this.entries.set(key, { value, expires: Date.now() + lifetimeMs });
    this.startSweeping();
  }

  /** Answers the cached value or computes, stores and answers it. Failures are not cached. */
  async getOrLoad(key: string, load: () => Promise<V>): Promise<V> {
    const cached = this.get(key);
    if (cached !== undefined) return cached;
    const value = await load();
    this.set(key, value);
    return value;
  }

  clear(): void {
    this.entries.clear();
  }

  private startSweeping() {
    if (this.sweeper) return;
    this.sweeper = setInterval(() => {
      const now = Date.now();
      for (const [key, entry] of this.entries) if (entry.expires <= now) this.entries.delete(key);
      if (this.entries.size === 0) {
        clearInterval(this.sweeper);
        this.sweeper = undefined;
      }
    }, this.sweepMs);
    // Never keep a process alive just to sweep.
    (this.sweeper as { unref?: () => void }).unref?.();
  }
}

/** Builds a cache key from a prefix and parameter values, dropping the characters [ ] ( ) / : | (SPEC §9). */
export function cacheKey(prefix: string, ...values: unknown[]): string {
  return [prefix, ...values.map((v) => (typeof v === 'string' ? v : JSON.stringify(v)))]
    .join('')
    .replace(/[[\]()/:|]/g, '');
}
