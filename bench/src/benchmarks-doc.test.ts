import { describe, expect, it } from 'vitest';
import { HAND_WRITTEN_MARKER, replaceBenchmarkSection } from './benchmarks-doc.js';

const doc = (middle: string) => `# Benchmarks\n\n## A\n\nold a\n\n${middle}## C\n\nc\n`;

describe('replaceBenchmarkSection', () => {
  it('replaces only the section of the heading', () => {
    const current = doc('## B\n\nold b\n\n');
    expect(replaceBenchmarkSection(current, 'B', '## B\n\nnew b\n')).toBe(doc('## B\n\nnew b\n\n'));
  });

  it('keeps the hand-written part of the section after the new figures', () => {
    const current = doc(`## B\n\nold b\n\n${HAND_WRITTEN_MARKER}\nAn earlier run: 3 s.\n\n`);
    expect(replaceBenchmarkSection(current, 'B', '## B\n\nnew b\n')).toBe(
      doc(`## B\n\nnew b\n\n${HAND_WRITTEN_MARKER}\nAn earlier run: 3 s.\n\n`),
    );
  });

  it('keeps the hand-written part of the last section', () => {
    const current = `## B\n\nold b\n\n${HAND_WRITTEN_MARKER}\nkept\n`;
    expect(replaceBenchmarkSection(current, 'B', '## B\n\nnew b\n')).toBe(
      `## B\n\nnew b\n\n${HAND_WRITTEN_MARKER}\nkept\n`,
    );
  });

  it("does not take another section's hand-written part", () => {
    const current = doc(`## B\n\nold b\n\n`).replace('c\n', `c\n\n${HAND_WRITTEN_MARKER}\nof c\n`);
    const next = replaceBenchmarkSection(current, 'B', '## B\n\nnew b\n');
    expect(next.match(new RegExp(HAND_WRITTEN_MARKER, 'g'))).toHaveLength(1);
    expect(next).toContain('## B\n\nnew b\n\n## C');
  });

  it('appends a section that is not there yet', () => {
    expect(replaceBenchmarkSection('# Benchmarks\n', 'B', '## B\n\nb\n')).toBe(
      '# Benchmarks\n\n## B\n\nb\n',
    );
  });
});
