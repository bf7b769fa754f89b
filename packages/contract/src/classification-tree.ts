import { recordLanguages } from './record-languages.js';

/**
 * A classification's tree and how to walk it, without any schema library (the search page's
 * first bundle labels its facets with them); `classification.ts` has the schemas and
 * re-exports these.
 */

/** What a classification id looks like: a letter, then up to 63 letters, digits, `_` or `-`. */
export const classificationIdPattern = /^[A-Za-z][\w-]{0,63}$/;

/** A node's labels: German and English. */
export interface Labels {
  de: string;
  en: string;
}

export interface ClassificationNode {
  /** The code stored in records, unique within the classification. */
  id: string;
  labels: Labels;
  descriptions?: { de?: string | undefined; en?: string | undefined } | undefined;
  /** The concept's identifier, e.g. in the INSPIRE registry. */
  uri?: string | undefined;
  /** A page for people, e.g. a licence text. */
  url?: string | undefined;
  children?: ClassificationNode[] | undefined;
}

/** Every node of a tree, depth first, with its depth (1 for the top level). */
export function* walkNodes(
  nodes: readonly ClassificationNode[],
  depth = 1,
): Generator<{ node: ClassificationNode; depth: number; path: (string | number)[] }> {
  for (const [index, node] of nodes.entries()) {
    yield { node, depth, path: [index] };
    for (const inner of walkNodes(node.children ?? [], depth + 1)) {
      yield { ...inner, path: [index, 'children', ...inner.path] };
    }
  }
}

/** The node with this code, wherever it sits in the tree. */
export function findNode(
  classification: { nodes: readonly ClassificationNode[] },
  code: string,
): ClassificationNode | undefined {
  for (const { node } of walkNodes(classification.nodes)) if (node.id === code) return node;
  return undefined;
}

/** A node's label in the language, falling back to the other product language. */
export function nodeLabel(node: Pick<ClassificationNode, 'labels'>, lang: string): string {
  const language = (recordLanguages as readonly string[]).includes(lang) ? lang : 'de';
  return node.labels[language as keyof Labels];
}
