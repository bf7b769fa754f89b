/**
 * The map's answers come from our own server, which builds them from the contract's schemas.
 * The map part does not parse them with those schemas: zod would add about 27 KB (gzipped) to
 * the map's chunk, over its budget. It checks that an answer is an object with the list the
 * code walks, so that a wrong answer (a proxy's error page, an old server) fails the call
 * cleanly instead of breaking the map later.
 */
export function withList<T>(data: unknown, field: string, what: string): T {
  const list =
    typeof data === 'object' && data !== null
      ? (data as Record<string, unknown>)[field]
      : undefined;
  if (!Array.isArray(list)) throw new Error(`The server answered with an invalid ${what}.`);
  return data as T;
}
