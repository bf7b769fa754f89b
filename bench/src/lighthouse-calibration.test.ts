import { describe, expect, it } from 'vitest';
import { calibratedCpuMultiplier } from './lighthouse-calibration.js';

describe('calibratedCpuMultiplier', () => {
  it("gives the calculator's multipliers at its points", () => {
    expect(calibratedCpuMultiplier(150)).toBeCloseTo(1);
    expect(calibratedCpuMultiplier(800)).toBeCloseTo(2);
    expect(calibratedCpuMultiplier(1300)).toBeCloseTo(3);
    expect(calibratedCpuMultiplier(1533)).toBeCloseTo(4, 1);
    expect(calibratedCpuMultiplier(2000)).toBeCloseTo(6, 1);
  });

  it('is linear between them and continuous where the pieces meet', () => {
    expect(calibratedCpuMultiplier(1050)).toBeCloseTo(2.5);
    expect(calibratedCpuMultiplier(799.999)).toBeCloseTo(2, 3);
    expect(calibratedCpuMultiplier(1299.999)).toBeCloseTo(3, 3);
  });

  it('has no multiplier for a machine too slow to emulate the phone or no index', () => {
    expect(calibratedCpuMultiplier(149)).toBeUndefined();
    expect(calibratedCpuMultiplier(Number.NaN)).toBeUndefined();
  });
});
