import { z } from 'zod';
import {
  classificationIdPattern,
  findNode,
  nodeLabel,
  type ClassificationNode as TreeNode,
  walkNodes,
} from './classification-tree.js';
import { Code } from './record-code.js';
import { unstorableTexts } from './record-rules.js';

export { classificationIdPattern, findNode, nodeLabel, walkNodes };
export type ClassificationNode = TreeNode;

/**
 * Classifications (DESIGN §5): hierarchical code lists with labels per product language,
 * used for topic categories, INSPIRE themes, licences, resource types, contact roles and link
 * protocols. `GET /classification/{id}` answers the tree; administrators replace it with
 * `PUT /classification/{id}`. The tree shape rules out cycles; ids are unique across it.
 */

export const classificationLimits = {
  nodesMax: 5000,
  depthMax: 8,
  labelMax: 300,
  descriptionMax: 4000,
  uriMax: 2000,
} as const;

/** Ids of the classifications every installation has (DESIGN §5). */
export const seededClassifications = [
  'topicCategory',
  'inspireTheme',
  'license',
  'resourceType',
  'contactRole',
  'protocol',
] as const;
export type SeededClassification = (typeof seededClassifications)[number];

export const ClassificationId = z
  .string()
  .regex(classificationIdPattern, 'is not a classification id');

/** A label in every product language (de and en). */
export const Labels = z
  .object({
    de: z.string().trim().min(1).max(classificationLimits.labelMax),
    en: z.string().trim().min(1).max(classificationLimits.labelMax),
  })
  .strict();
export type Labels = z.infer<typeof Labels>;

const Descriptions = z
  .object({
    de: z.string().trim().min(1).max(classificationLimits.descriptionMax).optional(),
    en: z.string().trim().min(1).max(classificationLimits.descriptionMax).optional(),
  })
  .strict();

const Uri = z.url({ protocol: /^https?$/ }).max(classificationLimits.uriMax);

export const ClassificationNode: z.ZodType<ClassificationNode> = z.lazy(() =>
  z
    .object({
      id: Code,
      labels: Labels,
      descriptions: Descriptions.optional(),
      uri: Uri.optional(),
      url: Uri.optional(),
      children: z.array(ClassificationNode).optional(),
    })
    .strict(),
);

/**
 * The first node nested deeper than `depthMax`, found without recursion on the raw input.
 * The recursive node schema uses several stack frames per level, so a body nested a few
 * thousand levels deep (50 kB) would overflow the stack while parsing; this check runs first.
 */
function tooDeep(nodes: unknown): (string | number)[] | undefined {
  if (!Array.isArray(nodes)) return undefined;
  const stack: { node: unknown; depth: number; path: (string | number)[] }[] = nodes.map(
    (node, index) => ({ node, depth: 1, path: [index] }),
  );
  for (let item = stack.pop(); item; item = stack.pop()) {
    if (item.depth > classificationLimits.depthMax) return item.path;
    const children = (item.node as { children?: unknown } | null)?.children;
    if (!Array.isArray(children)) continue;
    for (const [index, node] of children.entries()) {
      stack.push({ node, depth: item.depth + 1, path: [...item.path, 'children', index] });
    }
  }
  return undefined;
}

/** `PUT /classification/{id}` body; `GET` answers the same with `id` and `modified`. */
export const ClassificationInput = z
  .object({
    labels: Labels,
    descriptions: Descriptions.optional(),
    nodes: z.preprocess((nodes, ctx) => {
      const path = tooDeep(nodes);
      if (path) {
        // An issue here ends the parse before the recursive node schema sees the input.
        ctx.addIssue({
          code: 'custom',
          path,
          message: `is nested deeper than ${classificationLimits.depthMax} levels`,
          params: { rule: 'depth' },
        });
      }
      return nodes;
    }, z.array(ClassificationNode)),
  })
  .strict()
  .superRefine((value, ctx) => {
    const seen = new Set<string>();
    let count = 0;
    // Depth is checked before parsing (see `tooDeep`), so the tree here is shallow enough.
    for (const { node, path } of walkNodes(value.nodes)) {
      count += 1;
      if (seen.has(node.id)) {
        ctx.addIssue({
          code: 'custom',
          path: ['nodes', ...path, 'id'],
          message: `the id "${node.id}" is used twice`,
          params: { rule: 'uniqueId' },
        });
      }
      seen.add(node.id);
    }
    for (const path of unstorableTexts(value)) {
      ctx.addIssue({
        code: 'custom',
        path,
        message: 'contains a NUL character or a lone surrogate',
      });
    }
    if (count > classificationLimits.nodesMax) {
      ctx.addIssue({
        code: 'custom',
        path: ['nodes'],
        message: `has more than ${classificationLimits.nodesMax} entries`,
        params: { rule: 'nodeCount' },
      });
    }
  })
  // Not "ClassificationInput": the OpenAPI generator names the input form of
  // `Classification` so, and two components of one name break /openapi.json.
  .meta({ id: 'ClassificationBody' });
export type ClassificationInput = z.infer<typeof ClassificationInput>;

export const Classification = z
  .object({
    id: ClassificationId,
    labels: Labels,
    descriptions: Descriptions.optional(),
    nodes: z.array(ClassificationNode),
    modified: z.string(),
  })
  .meta({ id: 'Classification' });
export type Classification = z.infer<typeof Classification>;
