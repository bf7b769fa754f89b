import { describe, expect, it } from 'vitest';
import { seedClassifications } from '../../modules/classifications/seed/seeded.js';
import { classifications0004 } from './0004-classifications.data.js';

describe('migration 0004', () => {
  // The migration carries its own copy of the lists; this holds the live seed to it, so a
  // change of the seeded lists is noticed and given a migration of its own.
  it('inserts the seeded classifications as they were released', () => {
    const live = seedClassifications.map(({ id, input }) => ({ id, ...input }));
    expect(JSON.parse(JSON.stringify(classifications0004))).toEqual(
      JSON.parse(JSON.stringify(live)),
    );
  });
});
