/**
 * The caches an app process keeps in memory, by name, so that `clear caches` (issue 23) can
 * empty them and say what it emptied. Each cache stays correct on its own (they check what
 * they hold against its source); clearing frees memory and forces a fresh read at once.
 */
export class MemoryCaches {
  private readonly caches = new Map<string, () => number>();

  /** Adds a cache; `clear` empties it and answers how many entries it held. */
  register(name: string, clear: () => number): void {
    this.caches.set(name, clear);
  }

  /** Empties every cache: each one's name and how many entries it dropped. */
  clearAll(): { name: string; entries: number }[] {
    return [...this.caches].map(([name, clear]) => ({ name, entries: clear() }));
  }
}
