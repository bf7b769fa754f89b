import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseAccept, preferredType } from './negotiate.js';

/** The Accept header's media ranges and the choice among offered types (RFC 9110 §12.5.1). */

const RECORD = [
  'application/json',
  'application/xml',
  'text/xml',
  'application/geo+json',
  'text/turtle',
] as const;

describe('parseAccept', () => {
  it('reads types, weights and parameters in the order written', () => {
    expect(
      parseAccept('Text/HTML, application/json; Detail=summary;q=0.5;ext=1, */*;q=0.1'),
    ).toEqual([
      { type: 'text/html', params: {}, q: 1, index: 0 },
      { type: 'application/json', params: { detail: 'summary' }, q: 0.5, index: 1 },
      { type: '*/*', params: {}, q: 0.1, index: 2 },
    ]);
  });

  it('unquotes parameter values, which may hold commas and semicolons', () => {
    expect(parseAccept('text/plain; title="a, b; c \\"d\\"", text/html')).toEqual([
      { type: 'text/plain', params: { title: 'a, b; c "d"' }, q: 1, index: 0 },
      { type: 'text/html', params: {}, q: 1, index: 1 },
    ]);
  });

  it('clamps weights to 0…1; a weight that is no number refuses', () => {
    expect(
      parseAccept('a/b;q=2, c/d;q=-1, e/f;q=x, g/h;q=, i/j; q = 0.25').map((r) => r.q),
    ).toEqual([1, 0, 0, 0, 0.25]);
  });

  it('leaves out what is not a media range', () => {
    expect(parseAccept('json, /x, x/, */json, a b/c, , text/*;q=0.3').map((r) => r.type)).toEqual([
      'text/*',
    ]);
    expect(parseAccept(undefined)).toEqual([]);
    expect(parseAccept('')).toEqual([]);
  });
});

describe('preferredType', () => {
  it.each([
    // No header, or a blank one: the first offered type.
    [undefined, 'application/json'],
    ['', 'application/json'],
    ['   ', 'application/json'],
    // Exact types, weights and the order written.
    ['application/xml', 'application/xml'],
    ['text/xml', 'text/xml'],
    ['application/xml, application/geo+json', 'application/xml'],
    ['application/geo+json, application/xml', 'application/geo+json'],
    ['application/xml;q=0.5, application/geo+json', 'application/geo+json'],
    ['text/html, application/xml;q=0.9, */*;q=0.8', 'application/xml'],
    // Wildcards: the first offered type they cover.
    ['*/*', 'application/json'],
    ['application/*', 'application/json'],
    ['text/*', 'text/xml'],
    ['*/*, application/xml', 'application/json'],
    ['*/*;q=0.5, application/xml', 'application/xml'],
    // Parameters of a range do not restrict the match.
    ['application/json; detail=summary', 'application/json'],
    ['application/geo+json; charset=utf-8', 'application/geo+json'],
    // Nothing offered is acceptable.
    ['image/png', undefined],
    ['text/html', undefined],
    ['garbage', undefined],
  ] as const)('Accept %j gives %j', (accept, expected) => {
    expect(preferredType(accept, RECORD)).toBe(expected);
  });

  it('q=0 refuses a type, even when a wildcard accepts everything else', () => {
    expect(preferredType('application/xml;q=0', RECORD)).toBeUndefined();
    expect(preferredType('text/html, application/xml;q=0', RECORD)).toBeUndefined();
    expect(preferredType('application/json;q=0, */*', RECORD)).toBe('application/xml');
    expect(preferredType('text/*;q=0, application/*', ['text/xml', 'application/xml'])).toBe(
      'application/xml',
    );
    expect(preferredType('*/*;q=0', RECORD)).toBeUndefined();
  });

  it('takes the weight of the most specific range', () => {
    // text/turtle at 0.1 beats nothing, but the wildcard's 0.5 goes to the others.
    expect(preferredType('text/*;q=0.5, text/turtle;q=0.1', ['text/turtle', 'text/xml'])).toBe(
      'text/xml',
    );
    expect(preferredType('*/*;q=0.1, text/turtle', ['application/json', 'text/turtle'])).toBe(
      'text/turtle',
    );
  });

  it('between equal weights, the range written first wins, then the server order', () => {
    const page = ['text/html', 'text/turtle', 'application/ld+json'];
    expect(preferredType('application/ld+json, text/html', page)).toBe('application/ld+json');
    expect(preferredType('text/html, application/ld+json', page)).toBe('text/html');
    expect(preferredType('*/*', page)).toBe('text/html');
    expect(
      preferredType('application/rdf+xml, text/html;q=0.5', [...page, 'application/rdf+xml']),
    ).toBe('application/rdf+xml');
  });

  it('ignores the parameters of an offered type and the case of types', () => {
    const offered = ['application/json', 'application/vnd.oai.openapi+json;version=3.0'];
    expect(preferredType('Application/VND.OAI.OpenAPI+JSON', offered)).toBe(offered[1]);
  });

  it('never throws and answers an offered type or nothing, whatever the header', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.stringMatching(/^[a-z*/;=q.,"\\ 0-9+-]{0,60}$/),
          fc
            .array(
              fc.tuple(
                fc.constantFrom('*/*', 'text/*', 'application/json', 'text/xml', 'x/y', 'bad'),
                fc.option(fc.constantFrom('0', '0.5', '1', '1.5', 'abc', ''), { nil: undefined }),
              ),
            )
            .map((ranges) =>
              ranges.map(([type, q]) => (q === undefined ? type : `${type};q=${q}`)).join(', '),
            ),
        ),
        (header) => {
          const ranges = parseAccept(header);
          for (const range of ranges) {
            expect(range.q).toBeGreaterThanOrEqual(0);
            expect(range.q).toBeLessThanOrEqual(1);
          }
          const chosen = preferredType(header, RECORD);
          expect(chosen === undefined || RECORD.includes(chosen)).toBe(true);
        },
      ),
    );
  });
});
