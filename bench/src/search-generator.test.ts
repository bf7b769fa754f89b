import { Metadata } from '@geoportal/contract/record';
import { seedClassifications } from '@geoportal/server/src/modules/classifications/seed/seeded.js';
import { describe, expect, it } from 'vitest';
import { codesFrom } from './search-codes.js';
import { type GeneratedObject, SearchRecordGenerator } from './search-generator.js';
import { searchQueries } from './search-queries.js';

// The codes as every database has them after its migrations (the same seed lists).
const codes = codesFrom(seedClassifications.map((c) => ({ id: c.id, nodes: c.input.nodes })));
const generator = new SearchRecordGenerator({ seed: 42, codes });
const sample: GeneratedObject[] = Array.from({ length: 3000 }, (_, i) => generator.record(i));
const share = (test: (o: GeneratedObject) => boolean) => sample.filter(test).length / sample.length;

describe('search record generator', () => {
  it('makes records that pass the Metadata schema', () => {
    for (const object of sample) {
      const result = Metadata.safeParse(object.metadata);
      if (!result.success) throw new Error(`${object.id}: ${result.error.message}`);
    }
  });

  it('uses only codes of the seeded classifications', () => {
    const known = (list: { code: string }[]) => new Set(list.map((c) => c.code));
    const topics = known(codes.topicCategory);
    const themes = known(codes.inspireTheme);
    const licences = known(codes.license);
    const types = known(codes.resourceType);
    const roles = known(codes.contactRole);
    const protocols = known(codes.protocol);
    for (const { type, metadata: m } of sample) {
      expect(types.has(type)).toBe(true);
      for (const t of m.topicCategories ?? []) expect(topics.has(t)).toBe(true);
      for (const k of m.classifiedKeywords ?? []) expect(themes.has(k.code)).toBe(true);
      if (m.licence) expect(licences.has(m.licence)).toBe(true);
      for (const c of m.contacts ?? []) expect(roles.has(c.role)).toBe(true);
      for (const r of m.onlineResources ?? []) expect(protocols.has(r.protocol)).toBe(true);
    }
  });

  it('is deterministic and gives every record its own id', () => {
    const again = new SearchRecordGenerator({ seed: 42, codes });
    expect(again.record(1234)).toEqual(sample[1234]);
    expect(new Set(sample.map((o) => o.id)).size).toBe(sample.length);
    expect(new SearchRecordGenerator({ seed: 43, codes }).record(0).id).not.toBe(sample[0]?.id);
  });

  it('draws words with a Zipf-like law from a vocabulary of thousands of German forms', () => {
    expect(generator.germanNouns.items.length).toBeGreaterThan(3000);
    expect(generator.germanNouns.items).toContain('Grundwassermessstellen');
    const counts = new Map<string, number>();
    for (const { metadata } of sample) {
      for (const word of `${metadata.title.de ?? ''} ${metadata.abstract?.de ?? ''}`.split(
        /[\s.,:]+/,
      )) {
        if (/^\p{Lu}\p{Ll}{3,}$/u.test(word)) counts.set(word, (counts.get(word) ?? 0) + 1);
      }
    }
    const ranked = [...counts.values()].sort((a, b) => b - a);
    // With s ≈ 1 the 10th word is about a tenth as frequent as the first, and the tail is long.
    const ratio = (ranked[0] ?? 0) / (ranked[9] ?? 1);
    expect(ratio).toBeGreaterThan(3);
    expect(ratio).toBeLessThan(30);
    expect(ranked.filter((c) => c <= 2).length).toBeGreaterThan(500);
  });

  it('places most extents in Germany and a few across Europe', () => {
    const inGermany = (o: GeneratedObject) => {
      const e = o.metadata.extent;
      return !!e && e.west >= 5.5 && e.east <= 15.5 && e.south >= 47 && e.north <= 55.5;
    };
    expect(share(inGermany)).toBeGreaterThan(0.7);
    expect(
      share((o) => (o.metadata.extent?.east ?? 0) - (o.metadata.extent?.west ?? 0) > 60),
    ).toBeGreaterThan(0.005);
    expect(
      share((o) => !!o.metadata.extent && o.metadata.extent.west > o.metadata.extent.east),
    ).toBe(0);
  });

  it('mixes workflow states, private records and grants', () => {
    expect(share((o) => o.state === 'published')).toBeGreaterThan(0.8);
    for (const state of ['draft', 'submitted', 'withdrawn'] as const) {
      expect(share((o) => o.state === state)).toBeGreaterThan(0.005);
    }
    expect(share((o) => o.state === 'published' && !o.public)).toBeGreaterThan(0.01);
    expect(sample.filter((o) => !o.public).every((o) => o.grants.length > 0)).toBe(true);
    const kinds = new Set(sample.flatMap((o) => o.grants.map((g) => g.subjectKind)));
    expect([...kinds].sort()).toEqual(['group', 'role', 'user']);
  });

  it('names a long tail of authorities', () => {
    const organisations = new Map<string, number>();
    for (const o of sample) {
      const name = o.metadata.contacts?.[0]?.organisation ?? '';
      organisations.set(name, (organisations.get(name) ?? 0) + 1);
    }
    expect(organisations.size).toBeGreaterThan(200);
    expect([...organisations.keys()].some((n) => /^Landesamt für Umwelt Bayern$/.test(n))).toBe(
      true,
    );
  });
});

describe('search query mix', () => {
  const queries = searchQueries({ seed: 7, count: 240, generator });

  it('has at least 200 different queries, each with a bbox and 20 rows', () => {
    expect(new Set(queries.map((q) => q.text)).size).toBe(queries.length);
    expect(queries.length).toBeGreaterThanOrEqual(200);
    for (const q of queries) {
      expect(q.facets).toMatch(/^\/index\/search\/objects\/[^/]+\/0\/20\?fq=bbox%3A/);
      expect(q.withoutFacets).toBe(`${q.facets}&facets=false`);
    }
  });

  it('mixes plain words, phrases, prefixes and field terms', () => {
    const texts = queries.map((q) => q.text);
    expect(texts.some((t) => t.startsWith('"'))).toBe(true);
    expect(texts.some((t) => /\*$/.test(t))).toBe(true);
    expect(texts.some((t) => /^(title|keyword|abstract):/.test(t))).toBe(true);
    expect(texts.some((t) => t.split(' ').length === 3)).toBe(true);
    expect(
      queries.some((q) => q.facets.includes('fq=inspireTheme') || q.facets.includes('fq=licence')),
    ).toBe(true);
  });

  it('parses every query and filter with the product query language', async () => {
    const { parseQuery, parseFilterQuery } = await import('@geoportal/contract/search-query');
    for (const q of queries) {
      expect(parseQuery(q.text).ok, q.text).toBe(true);
      const url = new URL(q.facets, 'http://x');
      for (const fq of url.searchParams.getAll('fq'))
        expect(parseFilterQuery(fq).ok, fq).toBe(true);
    }
  });
});
