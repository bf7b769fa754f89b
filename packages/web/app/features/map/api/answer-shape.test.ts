import { describe, expect, it } from 'vitest';
import { withList } from './answer-shape';

describe('withList', () => {
  it('passes an answer with its list through unchanged', () => {
    const answer = { places: [{ id: 'city:1' }], extra: true };
    expect(withList(answer, 'places', 'place list')).toBe(answer);
  });

  it('refuses answers without the list, with a readable error', () => {
    for (const wrong of [null, 'offline', [], { places: 'none' }, { other: [] }]) {
      expect(() => withList(wrong, 'places', 'place list')).toThrow(
        'The server answered with an invalid place list.',
      );
    }
  });
});
