/**
 * The classification codes the generated records use, read from the database (the
 * `classification` table the migrations seed) rather than invented, so every record passes
 * the server's code checks and the facets count real codes.
 */

/** A code with its labels, e.g. `ge` "Geologie" / "Geology". */
export interface CodeLabel {
  code: string;
  de: string;
  en: string;
}

/** The classifications a record refers to, codes in the stored order. */
export interface ClassificationCodes {
  topicCategory: CodeLabel[];
  inspireTheme: CodeLabel[];
  license: CodeLabel[];
  resourceType: CodeLabel[];
  contactRole: CodeLabel[];
  protocol: CodeLabel[];
}

export const classificationIds = [
  'topicCategory',
  'inspireTheme',
  'license',
  'resourceType',
  'contactRole',
  'protocol',
] as const satisfies readonly (keyof ClassificationCodes)[];

/** A classification node as stored (`nodes` jsonb): nested through `children`. */
interface StoredNode {
  id: string;
  labels: { de: string; en: string };
  children?: StoredNode[];
}

function flatten(nodes: readonly StoredNode[], out: CodeLabel[] = []): CodeLabel[] {
  for (const node of nodes) {
    out.push({ code: node.id, de: node.labels.de, en: node.labels.en });
    flatten(node.children ?? [], out);
  }
  return out;
}

/** The codes from stored classifications (`{ id, nodes }` rows or the seed's inputs). */
export function codesFrom(
  classifications: readonly { id: string; nodes: readonly unknown[] }[],
): ClassificationCodes {
  const byId = new Map(classifications.map((c) => [c.id, c.nodes as StoredNode[]]));
  const entries = classificationIds.map((id) => {
    const nodes = byId.get(id);
    if (!nodes || nodes.length === 0) throw new Error(`The classification ${id} is missing`);
    return [id, flatten(nodes)] as const;
  });
  return Object.fromEntries(entries) as unknown as ClassificationCodes;
}

/** Anything that runs SQL and answers rows, as Kysely's `sql\`…\`.execute(db)` does. */
export interface RowSource {
  rows(text: string): Promise<Record<string, unknown>[]>;
}

/** Reads the codes from the `classification` table. */
export async function readClassificationCodes(source: RowSource): Promise<ClassificationCodes> {
  const rows = await source.rows('select id, nodes from classification');
  return codesFrom(
    rows.map((r) => ({
      id: String(r.id),
      // pg and PGlite parse jsonb; a string would mean a driver that does not.
      nodes: (typeof r.nodes === 'string' ? JSON.parse(r.nodes) : r.nodes) as unknown[],
    })),
  );
}
