import type { Classification } from '@geoportal/contract/classification';
import {
  type ClassificationNode,
  findNode,
  nodeLabel,
  walkNodes,
} from '@geoportal/contract/classification-tree';

/** One pickable entry of a classification, flattened for lists, selects and comboboxes. */
export interface ClassificationOption {
  value: string;
  label: string;
  /** 1 for top-level entries; pickers indent deeper ones. */
  depth: number;
  /** Labels of the entry's ancestors, outermost first (for "Geology › Soils"). */
  parents: string[];
  description?: string | undefined;
  node: ClassificationNode;
}

/** The classification's entries in tree order with labels in `lang`. */
export function classificationOptions(
  classification: Pick<Classification, 'nodes'>,
  lang: string,
): ClassificationOption[] {
  const options: ClassificationOption[] = [];
  const trail: string[] = [];
  for (const { node, depth } of walkNodes(classification.nodes)) {
    trail.length = depth - 1;
    const label = nodeLabel(node, lang);
    const description = lang === 'en' ? node.descriptions?.en : node.descriptions?.de;
    options.push({
      value: node.id,
      label,
      depth,
      parents: [...trail],
      description: description ?? node.descriptions?.de ?? node.descriptions?.en,
      node,
    });
    trail.push(label);
  }
  return options;
}

/**
 * The label of a code in `lang`; the code itself when the classification does not (or no
 * longer) know it, so a record never shows an empty value.
 */
export function labelOf(
  classification: Pick<Classification, 'nodes'> | undefined,
  code: string,
  lang: string,
): string {
  const node = classification && findNode(classification, code);
  return node ? nodeLabel(node, lang) : code;
}

/** Entries whose label, code or description contains every word of `query` (any case). */
export function filterOptions(
  options: readonly ClassificationOption[],
  query: string,
): ClassificationOption[] {
  const words = query.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...options];
  return options.filter((option) => {
    const text = [option.label, option.value, option.description ?? '', ...option.parents]
      .join(' ')
      .toLocaleLowerCase();
    return words.every((word) => text.includes(word));
  });
}
