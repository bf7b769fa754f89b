import { describe, expect, it } from 'vitest';
import { searchLink } from './search-link';

const paramsOf = (href: string) => {
  const url = new URL(href, 'http://localhost');
  return { path: url.pathname, q: url.searchParams.get('q'), fq: url.searchParams.getAll('fq') };
};

describe('searchLink', () => {
  it('filters by a facet value as the facet panel writes it', () => {
    expect(paramsOf(searchLink({ field: 'keyword', value: 'Boden' }))).toEqual({
      path: '/search',
      q: null,
      fq: ['keyword:Boden'],
    });
    expect(paramsOf(searchLink({ field: 'organisation', value: 'Landesamt für Umwelt' }))).toEqual({
      path: '/search',
      q: null,
      fq: ['organisation:"Landesamt für Umwelt"'],
    });
  });

  it('searches the text of a value that is no facet value', () => {
    expect(paramsOf(searchLink({ text: 'Bodenschutz und Altlasten' }))).toEqual({
      path: '/search',
      q: '"Bodenschutz und Altlasten"',
      fq: [],
    });
  });

  it('searches the text of a facet value the filter language cannot write', () => {
    expect(paramsOf(searchLink({ field: 'organisation', value: 'Verein "Karte"' }))).toEqual({
      path: '/search',
      q: '"Verein Karte"',
      fq: [],
    });
  });
});
