/**
 * fast-check settings for a property test: `runs` generated cases, multiplied by the
 * `PROPERTY_RUNS` environment variable (default 1) for a deeper search before a release or
 * after a change to what the property covers, e.g. `PROPERTY_RUNS=10 npm run test:unit`.
 * A failure prints its seed and path; fast-check's `seed` and `path` parameters replay it.
 */
export function propertyRuns(runs: number): { numRuns: number } {
  return { numRuns: Math.max(1, Math.round(runs * runsFactor())) };
}

function runsFactor(): number {
  // The contract package has no Node types (it is shared with the browser); tests run in Node.
  const env = (globalThis as { process?: { env: Record<string, string | undefined> } }).process
    ?.env;
  const factor = Number(env?.PROPERTY_RUNS ?? 1);
  return Number.isFinite(factor) && factor > 0 ? factor : 1;
}
