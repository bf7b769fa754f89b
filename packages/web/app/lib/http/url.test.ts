import { describe, expect, it } from 'vitest';
import { objectIdOf, withQuery } from './url';

describe('objectIdOf: the object a path addresses, for X-Access-Key (SPEC §7)', () => {
  it.each([
    ['/object/42', '42'],
    ['/object/42/try', '42'],
    ['/object/42/accessKey/required', '42'],
    ['/object/42/data/index/a/b.html', '42'],
    ['/object/42?x=1', '42'],
    ['/object/a%2Fb', 'a/b'],
    ['/object/preview/42/type', '42'],
    ['/object/preview/image/42/data/a.png', '42'],
  ])('%s → %s', (path, id) => {
    expect(objectIdOf(path)).toBe(id);
  });

  it.each([
    '/object',
    '/object/try',
    '/object/accesskey-42/data/secret/a.png',
    '/object/bearer-42/data/token/a.png',
    '/objects/42',
    '/media/sources/42',
  ])('%s addresses no object id (or carries its key itself)', (path) => {
    expect(objectIdOf(path)).toBeUndefined();
  });
});

describe('withQuery', () => {
  it('repeats array parameters, skips null and undefined, keeps an existing query', () => {
    expect(withQuery('/a?x=1', { fq: ['a', 'b'], n: 0, f: false, s: null, u: undefined })).toBe(
      '/a?x=1&fq=a&fq=b&n=0&f=false',
    );
  });

  it('leaves the URL alone without parameters', () => {
    expect(withQuery('/a', undefined)).toBe('/a');
    expect(withQuery('/a', { u: undefined })).toBe('/a');
  });
});
