/**
 * Lighthouse's default 4× CPU slowdown is meant for a fast desktop: it turns a machine with a
 * BenchmarkIndex of about 1,500 (Lighthouse's own CPU benchmark, in every report) into a
 * mid-tier phone. On a slower machine the same 4× simulates a slower phone than the preset
 * intends, and Lighthouse 12 warns below an index of 1,000 ("The tested device appears to
 * have a slower CPU than Lighthouse expects"). Its documentation (docs/throttling.md, "Calibrating
 * the CPU slowdown") gives the multiplier that targets the same phone from the index, through
 * its CPU throttling calculator; this is that calculator's mapping.
 */

/** The lowest index the calculator maps; below it the machine cannot emulate the phone. */
export const LOWEST_CALIBRATED_INDEX = 150;

/**
 * The CPU slowdown that makes a machine with `benchmarkIndex` a mid-tier phone: linear between
 * the calculator's points 150 → 1×, 800 → 2×, 1,300 → 3×, 1,533 → 4×, 2,000 → 6×. Undefined
 * below LOWEST_CALIBRATED_INDEX or for no index.
 */
export function calibratedCpuMultiplier(benchmarkIndex: number): number | undefined {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex < LOWEST_CALIBRATED_INDEX) {
    return undefined;
  }
  if (benchmarkIndex >= 1300) return 3 + (benchmarkIndex - 1300) / 233;
  if (benchmarkIndex >= 800) return 2 + (benchmarkIndex - 800) / 500;
  return 1 + (benchmarkIndex - 150) / 650;
}
