import type {
  ClassificationInput,
  ClassificationNode,
  SeededClassification,
} from '@geoportal/contract/classification';

/** A classification every database receives from the migration that creates the table. */
export interface SeedClassification {
  id: SeededClassification;
  input: ClassificationInput;
}

/** Shorthand for a seed node: code, labels, optional descriptions and links. */
export function node(
  id: string,
  de: string,
  en: string,
  extra: Omit<ClassificationNode, 'id' | 'labels'> = {},
): ClassificationNode {
  return { id, labels: { de, en }, ...extra };
}
