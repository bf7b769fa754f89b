import type { AnswerCheck } from '../../../lib/http/answer-schema';

/**
 * The map's answers come from our own server, which builds them from the contract's schemas.
 * The map part does not parse them with those schemas: zod would add about 27 KB (gzipped) to
 * the map's chunk, over its budget. It checks that an answer is an object with the list the
 * code walks, so that a wrong answer (a proxy's error page, an old server) fails the call
 * cleanly instead of breaking the map later.
 */
function hasList(data: unknown, field: string): boolean {
  return (
    typeof data === 'object' &&
    data !== null &&
    Array.isArray((data as Record<string, unknown>)[field])
  );
}

/** `data` as `T` when it has the list `field`; else throws naming `what` (e.g. `place list`). */
export function withList<T>(data: unknown, field: string, what: string): T {
  if (!hasList(data, field)) throw new Error(`The server answered with an invalid ${what}.`);
  return data as T;
}

/**
 * The same check as the HTTP client's `schema` option (without zod): the call answers `T`,
 * and an answer without the list `field` rejects like any other wrong answer.
 */
export function listAnswer<T>(field: string, what: string): AnswerCheck<T> {
  return {
    schema: {
      safeParse: (data) =>
        hasList(data, field) ? { success: true, data: data as T } : { success: false },
    },
    invalid: `an invalid ${what}`,
  };
}
