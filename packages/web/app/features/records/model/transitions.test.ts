import { describe, expect, it } from 'vitest';
import { needsComment, stepLabelKey } from './transitions';

describe('workflow steps (DESIGN §5)', () => {
  it('asks an editor, not the owner, for a comment when returning a submission', () => {
    const back = { from: 'submitted', to: 'draft' } as const;
    expect(needsComment(back, false)).toBe(true);
    expect(needsComment(back, true)).toBe(false);
    expect(needsComment({ from: 'withdrawn', to: 'draft' }, true)).toBe(true);
    expect(needsComment({ from: 'draft', to: 'submitted' }, false)).toBe(false);
  });

  it('names an owner’s take-back differently from an editor’s return', () => {
    expect(stepLabelKey({ from: 'submitted', to: 'draft' }, true)).toBe(
      'record.action.submitted.draft.owner',
    );
    expect(stepLabelKey({ from: 'submitted', to: 'draft' }, false)).toBe(
      'record.action.submitted.draft',
    );
  });
});
