import { ClassificationId } from '@geoportal/contract/classification';
import { describe, expect, it } from 'vitest';
import type { RecordView } from '../../../lib/api/get-record';
import { classificationsNeeded } from './record-classifications';

const recordWith = (metadata: Partial<RecordView['metadata']>) =>
  ({ metadata: { title: { de: 'T' }, ...metadata } }) as unknown as RecordView;

describe('the classifications a record page asks for', () => {
  it('asks for those whose labels it shows, once each', () => {
    const ids = classificationsNeeded(
      recordWith({
        topicCategories: ['environment'],
        licence: 'cc-by-4.0',
        classifiedKeywords: [
          { classification: 'inspireTheme', code: 'hy' },
          { classification: 'inspireTheme', code: 'lc' },
        ],
      }),
    );
    expect(ids).toEqual(['resourceType', 'topicCategory', 'inspireTheme', 'license']);
  });

  it('leaves out a keyword classification that cannot be an id, as the contract says', () => {
    const candidates = ['gemet', 'x'.repeat(64), 'x'.repeat(65), '1abc', 'a/b', '../x', 'ä'];
    const ids = classificationsNeeded(
      recordWith({
        classifiedKeywords: candidates.map((classification) => ({ classification, code: 'c' })),
      }),
    );
    const valid = candidates.filter((id) => ClassificationId.safeParse(id).success);
    expect(valid).toEqual(['gemet', 'x'.repeat(64)]);
    expect(ids).toEqual(['resourceType', ...valid]);
  });
});
