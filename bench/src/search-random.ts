/**
 * Seeded randomness for the search benchmark: the same seed gives the same records and
 * queries on every machine, so runs compare and a loaded database can be reused.
 */

/** A PRNG answering floats in [0, 1). */
export type Random = () => number;

/**
 * mulberry32: 32 bits of state, fast, and good enough for test data (not for secrets).
 * Each record gets its own generator from `(seed, index)`, so record i is the same whatever
 * the batch size or order of generation.
 */
export function mulberry32(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Mixes a seed and an index into a well-spread 32-bit seed (murmur3 finaliser). */
export function mixSeed(seed: number, index: number): number {
  let h = (seed ^ Math.imul(index + 1, 0x9e3779b1)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

export const randomInt = (random: Random, min: number, max: number) =>
  min + Math.floor(random() * (max - min + 1));

export const chance = (random: Random, p: number) => random() < p;

export function pick<T>(random: Random, items: readonly T[]): T {
  if (items.length === 0) throw new Error('pick from an empty list');
  return items[Math.floor(random() * items.length)] as T;
}

/** Picks by weight: `[[item, weight], …]`. */
export function weighted<T>(random: Random, items: readonly (readonly [T, number])[]): T {
  const total = items.reduce((sum, [, w]) => sum + w, 0);
  let u = random() * total;
  for (const [item, w] of items) {
    u -= w;
    if (u < 0) return item;
  }
  return (items.at(-1) as readonly [T, number])[0];
}

/**
 * Draws from a ranked list with a Zipf-like law: the item of rank k (1-based) has weight
 * 1/k^s. Natural-language word frequencies follow s ≈ 1, so a few words are in very many
 * records and most in very few; that is what makes some search terms cheap and others not.
 */
export class Zipf<T> {
  private readonly cumulative: Float64Array;

  constructor(
    readonly items: readonly T[],
    readonly s = 1,
  ) {
    if (items.length === 0) throw new Error('Zipf over an empty list');
    this.cumulative = new Float64Array(items.length);
    let sum = 0;
    for (let k = 0; k < items.length; k++) {
      sum += 1 / (k + 1) ** s;
      this.cumulative[k] = sum;
    }
  }

  /** Probability of the item at 0-based `rank`. */
  probability(rank: number): number {
    const total = this.cumulative[this.cumulative.length - 1] as number;
    const before = rank === 0 ? 0 : (this.cumulative[rank - 1] as number);
    return ((this.cumulative[rank] as number) - before) / total;
  }

  draw(random: Random): T {
    const total = this.cumulative[this.cumulative.length - 1] as number;
    const u = random() * total;
    let lo = 0;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.cumulative[mid] as number) > u) hi = mid;
      else lo = mid + 1;
    }
    return this.items[lo] as T;
  }

  /** `count` different items (fewer when the list is shorter), each drawn by the law. */
  drawDistinct(random: Random, count: number): T[] {
    const wanted = Math.min(count, this.items.length);
    const out = new Set<T>();
    // Bounded: with a long tail a repeat is rare; the cap only guards short lists.
    for (let tries = 0; out.size < wanted && tries < wanted * 20; tries++)
      out.add(this.draw(random));
    return [...out];
  }
}

/** Shuffles a copy deterministically (Fisher–Yates). */
export function shuffled<T>(random: Random, items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** A 22-character base64url id (128 bits) like the server's `newId`, but from the PRNG. */
export function randomId(random: Random): string {
  const bytes = Buffer.alloc(16);
  for (let i = 0; i < 4; i++) bytes.writeUInt32LE(Math.floor(random() * 4294967296), i * 4);
  return bytes.toString('base64url');
}
