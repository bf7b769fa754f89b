import { describe, expect, it } from 'vitest';
import { OutputBuffer } from './output';

describe('the output buffer', () => {
  it('appends in place and counts versions, so a long stream never copies the list', () => {
    const buffer = new OutputBuffer();
    const lines = buffer.lines;
    for (let batch = 0; batch < 100; batch += 1) {
      buffer.append(
        Array.from({ length: 200 }, (_, i) => ({ level: 'info' as const, text: `${batch}.${i}` })),
      );
    }
    expect(buffer.lines).toBe(lines);
    expect(buffer.lines).toHaveLength(20_000);
    expect(buffer.version).toBe(100);
    buffer.append([]);
    expect(buffer.version).toBe(100);
    buffer.clear();
    expect(buffer.lines).toHaveLength(0);
    expect(buffer.version).toBe(101);
  });
});
