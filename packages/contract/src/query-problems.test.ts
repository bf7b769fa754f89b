import { describe, expect, it } from 'vitest';
import de from '../i18n/de.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };
import { problemMessage, queryProblemReasons, queryProblemTexts } from './query-problems.js';
import { parseFilterQuery, parseQuery, parseSort } from './search-query.js';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('query problems', () => {
  it('are translated into every language with the placeholders of the English text', () => {
    for (const [language, messages] of [
      ['de', de],
      ['en', en],
    ] as const) {
      const table = messages as Record<string, string>;
      for (const reason of queryProblemReasons) {
        const translated = table[`search.problem.${reason}`];
        expect(translated, `${language} ${reason}`).toBeTypeOf('string');
        expect(placeholders(translated as string), `${language} ${reason}`).toEqual(
          placeholders(queryProblemTexts[reason]),
        );
      }
      expect(table['search.problem.position']).toContain('{position}');
    }
  });

  it('fill their values into the English text of the API', () => {
    expect(problemMessage('rangeReversed', { from: '2020', to: '2010' })).toBe(
      'The range starts after it ends (2020 > 2010). Swap the two ends.',
    );
    // A missing value stays visible as its placeholder rather than vanishing.
    expect(problemMessage('tooManyTerms')).toBe('A query may have at most {max} terms.');
  });

  it('come from the parsers with a reason, its values and the position', () => {
    const quote = parseQuery('Boden "offen');
    expect(quote.ok || quote.problem).toMatchObject({ reason: 'unclosedQuote', position: 6 });
    const field = parseQuery('farbe:rot');
    expect(field.ok || field.problem).toMatchObject({
      reason: 'unknownField',
      values: { field: 'farbe' },
    });
    const range = parseFilterQuery('year:[2020 TO 2010]');
    expect(range.ok || range.problem).toMatchObject({
      reason: 'rangeReversed',
      values: { from: '2020', to: '2010' },
    });
    const sort = parseSort('modified up');
    expect(sort.ok || sort.problem).toMatchObject({
      reason: 'sortDirectionInvalid',
      message: '"up" is not a sort direction. Use asc or desc.',
    });
  });
});
