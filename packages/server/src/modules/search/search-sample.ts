import { createHash } from 'node:crypto';

/**
 * Nested random samples of the search documents, for counting and faceting very large match
 * sets on a fraction of them (search.service.ts). Each document carries the lexemes `~s1` …
 * `~sL` in its vector, where L is the number of leading zero bits of a digest of its id: a
 * document has `~sk` with probability 2^-k, independently of everything it is found by. A
 * query joined with `~sk` then finds an even sample of 1 in 2^k of its matches, and finds it
 * from the full-text index alone (one more posting list), whatever else the query asks.
 *
 * The parsers never make such a lexeme from text ("~" separates words), so no query typed by
 * a user can match one.
 */

/** The deepest sample level: 1 in 4,096 documents. */
export const SAMPLE_LEVEL_MAX = 12;

/** The lexeme of sample level k (1 ≤ k ≤ SAMPLE_LEVEL_MAX). */
export const sampleLexeme = (level: number): string => `~s${level}`;

/** The sample level of a document: how many of the nested samples it belongs to. */
export function sampleLevel(objectId: string): number {
  const digest = createHash('sha1').update(objectId).digest();
  let level = 0;
  for (const byte of digest) {
    if (byte === 0) {
      level += 8;
    } else {
      level += Math.clz32(byte) - 24;
      break;
    }
    if (level >= SAMPLE_LEVEL_MAX) break;
  }
  return Math.min(level, SAMPLE_LEVEL_MAX);
}

/** The sample lexemes a document's vector carries. */
export function sampleLexemes(objectId: string): string[] {
  return Array.from({ length: sampleLevel(objectId) }, (_, i) => sampleLexeme(i + 1));
}
