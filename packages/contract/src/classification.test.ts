import { describe, expect, it } from 'vitest';
import {
  ClassificationInput,
  classificationLimits,
  findNode,
  nodeLabel,
  walkNodes,
} from './classification.js';

interface TestNode {
  id: string;
  labels: { de: string; en: string };
  children?: TestNode[];
}

const node = (id: string, children?: TestNode[]): TestNode => ({
  id,
  labels: { de: `${id} (de)`, en: `${id} (en)` },
  ...(children ? { children } : {}),
});

/** A chain of nested nodes `d1 > d2 > … > d<depth>`. */
const chain = (depth: number, level = 1): TestNode =>
  level === depth ? node(`d${level}`) : node(`d${level}`, [chain(depth, level + 1)]);

const input = (nodes: unknown[]) => ({ labels: { de: 'Themen', en: 'Themes' }, nodes });

/** The issues of a parse as `path: rule-or-code` strings. */
function problems(value: unknown): string[] {
  const result = ClassificationInput.safeParse(value);
  if (result.success) return [];
  return result.error.issues.map((issue) => {
    const rule = (issue as { params?: { rule?: string } }).params?.rule;
    return `${issue.path.join('.')}: ${rule ?? issue.code}`;
  });
}

const tree = input([
  node('geo', [node('ge'), node('so', [node('so-1')])]),
  node('water', [node('hy')]),
]);

describe('ClassificationInput', () => {
  it('accepts a tree with labels, descriptions, URIs and page links', () => {
    const full = input([
      {
        ...node('dl-de-by-2.0'),
        descriptions: { de: 'Mit Namensnennung' },
        uri: 'http://dcat-ap.de/def/licenses/dl-by-de/2.0',
        url: 'https://www.govdata.de/dl-de/by-2-0',
      },
    ]);
    expect(ClassificationInput.parse(full)).toEqual(full);
    expect(problems(tree)).toEqual([]);
    expect(problems(input([]))).toEqual([]);
  });

  it('refuses an id used twice anywhere in the tree, naming every repetition', () => {
    expect(problems(input([node('a'), node('a')]))).toEqual(['nodes.1.id: uniqueId']);
    expect(problems(input([node('a', [node('b')]), node('c', [node('b', [node('a')])])]))).toEqual([
      'nodes.1.children.0.id: uniqueId',
      'nodes.1.children.0.children.0.id: uniqueId',
    ]);
  });

  it('needs labels in both product languages, for the classification and every node', () => {
    expect(problems({ ...tree, labels: { de: 'Themen' } })).toEqual(['labels.en: invalid_type']);
    expect(problems(input([{ id: 'a', labels: { de: 'A', en: ' ' } }]))).toEqual([
      'nodes.0.labels.en: too_small',
    ]);
    const germanless = { id: 'b', labels: { en: 'B' } } as unknown as TestNode;
    expect(problems(input([node('a', [germanless])]))).toEqual([
      'nodes.0.children.0.labels.de: invalid_type',
    ]);
    expect(problems(input([{ id: 'a', labels: { de: 'A', en: 'A', fr: 'A' } }]))).toEqual([
      'nodes.0.labels: unrecognized_keys',
    ]);
  });

  it('checks node ids, URIs and unknown keys', () => {
    expect(problems(input([node('a b')]))).toEqual(['nodes.0.id: invalid_format']);
    expect(problems(input([{ ...node('a'), uri: 'javascript:alert(1)' }]))).toEqual([
      'nodes.0.uri: invalid_format',
    ]);
    expect(problems(input([{ ...node('a'), parent: 'b' }]))).toEqual([
      'nodes.0: unrecognized_keys',
    ]);
    expect(problems(input([{ ...node('a'), labels: { de: 'x'.repeat(301), en: 'x' } }]))).toEqual([
      'nodes.0.labels.de: too_big',
    ]);
  });

  it(`allows ${classificationLimits.depthMax} levels and refuses one more, naming the deep node`, () => {
    expect(problems(input([chain(classificationLimits.depthMax)]))).toEqual([]);
    const [problem] = problems(input([chain(classificationLimits.depthMax + 1)]));
    expect(problem).toBe(`nodes.0${'.children.0'.repeat(classificationLimits.depthMax)}: depth`);
  });

  it('refuses a hostile, thousands of levels deep tree with an issue instead of a stack overflow', () => {
    // Built as text: the JSON parser copes with the depth, the recursive schema would not.
    const depth = 20_000;
    const body = `{"labels":{"de":"x","en":"x"},"nodes":[${'{"id":"n","labels":{"de":"n","en":"n"},"children":['.repeat(depth)}${']}'.repeat(depth)}]}`;
    const result = ClassificationInput.safeParse(JSON.parse(body));
    expect(result.success).toBe(false);
    expect(
      result.error?.issues.map((i) => (i as { params?: { rule?: string } }).params?.rule),
    ).toEqual(['depth']);
  });

  it('refuses labels the database cannot store (NUL, lone surrogates)', () => {
    const bad = { ...node('a'), labels: { de: `A${String.fromCharCode(0)}`, en: '\ud800' } };
    expect(problems(input([bad]))).toEqual([
      'nodes.0.labels.de: custom',
      'nodes.0.labels.en: custom',
    ]);
  });

  it(`allows ${classificationLimits.nodesMax} nodes and refuses one more`, () => {
    const flat = (n: number) => Array.from({ length: n }, (_, i) => node(`n${i}`));
    expect(problems(input(flat(classificationLimits.nodesMax)))).toEqual([]);
    expect(problems(input(flat(classificationLimits.nodesMax + 1)))).toEqual(['nodes: nodeCount']);
    // Nested nodes count too.
    const nested = [node('root', flat(classificationLimits.nodesMax))];
    expect(problems(input(nested))).toEqual(['nodes: nodeCount']);
  });
});

describe('walkNodes, findNode, nodeLabel', () => {
  const { nodes } = ClassificationInput.parse(tree);

  it('walks depth first with depth and path', () => {
    expect(
      [...walkNodes(nodes)].map(({ node, depth, path }) => [node.id, depth, path.join('.')]),
    ).toEqual([
      ['geo', 1, '0'],
      ['ge', 2, '0.children.0'],
      ['so', 2, '0.children.1'],
      ['so-1', 3, '0.children.1.children.0'],
      ['water', 1, '1'],
      ['hy', 2, '1.children.0'],
    ]);
    expect([...walkNodes([])]).toEqual([]);
  });

  it('finds a node at any level, and nothing for an unknown code', () => {
    expect(findNode({ nodes }, 'so-1')?.labels.en).toBe('so-1 (en)');
    expect(findNode({ nodes }, 'water')?.children).toHaveLength(1);
    expect(findNode({ nodes }, 'SO-1')).toBeUndefined();
    expect(findNode({ nodes: [] }, 'geo')).toBeUndefined();
  });

  it('labels in the asked language, German for any other', () => {
    const hy = findNode({ nodes }, 'hy');
    if (!hy) throw new Error('hy missing');
    expect(nodeLabel(hy, 'en')).toBe('hy (en)');
    expect(nodeLabel(hy, 'de')).toBe('hy (de)');
    expect(nodeLabel(hy, 'fr')).toBe('hy (de)');
  });
});
