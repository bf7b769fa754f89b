import { describe, expect, it } from 'vitest';
import { exportNameIn, OutputBuffer } from './output';

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

describe('export downloads in the output', () => {
  it('finds the export a line names by its download URL, and nothing else', () => {
    expect(
      exportNameIn(
        '3 records exported: /api/v1/commands/exports/records-20261126T071205Z-ab_c.zip',
      ),
    ).toBe('records-20261126T071205Z-ab_c.zip');
    // The command line prints a file path, not a download URL, and tricks are no name.
    expect(exportNameIn('3 records exported: /data/command-exports/records-1.zip')).toBeUndefined();
    expect(exportNameIn('/api/v1/commands/exports/../secret.zip')).toBeUndefined();
    expect(exportNameIn('/api/v1/commands/exports/a.zip.tmp')).toBeUndefined();
    expect(exportNameIn('reindex search')).toBeUndefined();
  });
});
