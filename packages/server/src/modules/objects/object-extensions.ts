import type { Db } from '../../db/database.js';

/**
 * What other modules add to the objects endpoints without the objects module importing them
 * (DESIGN §5: the objects module imports none of its consumers). The composition root
 * (`app.ts`) registers each module's extension: harvesting makes its records read-only and
 * names their origin, the link check adds its findings for those who may edit.
 */
export interface ObjectExtension {
  /** Throws an HttpError when the object's content may not be changed here. */
  refuseContentChange?(db: Db, id: string): Promise<void>;
  /**
   * Fields of the object JSON (detail normal and detailed) this module fills for the
   * object: `mayWrite` says whether the caller may edit it.
   */
  describe?(
    db: Db,
    id: string,
    view: { detailed: boolean; mayWrite: boolean },
  ): Promise<Record<string, unknown>>;
}

const extensions = new Map<string, ObjectExtension>();

/** Registers (or replaces) the extension of one module. Called by the composition root. */
export function registerObjectExtension(name: string, extension: ObjectExtension): void {
  extensions.set(name, extension);
}

/** Asks every extension whether the content may change (the first refusal throws). */
export async function refuseContentChange(db: Db, id: string): Promise<void> {
  for (const extension of extensions.values()) await extension.refuseContentChange?.(db, id);
}

/** The fields every extension adds to the object JSON. */
export async function describedBy(
  db: Db,
  id: string,
  view: { detailed: boolean; mayWrite: boolean },
): Promise<Record<string, unknown>> {
  const parts = await Promise.all(
    [...extensions.values()].map((extension) => extension.describe?.(db, id, view) ?? {}),
  );
  return Object.assign({}, ...parts);
}
