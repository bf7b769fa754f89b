import { walkNodes } from '@geoportal/contract/classification';
import type { FieldError } from '@geoportal/contract/errors';
import type { Metadata } from '@geoportal/contract/record';
import type { Db } from '../../db/database.js';
import { getClassifications } from './classification.repository.js';

/** One place where a record uses a code of a classification. */
export interface CodeUse {
  classification: string;
  code: string;
  /** Where the code sits, e.g. `body.metadata.contacts.0.role`. */
  path: string;
  /** Where the classification's id sits when the record names it (classified keywords). */
  classificationPath?: string;
}

/**
 * Every classification code a record holds, with its path under `prefix` (`body` for a
 * request body, empty for a stored record). `type` is the object's resource type, when it
 * is to be checked too.
 */
export function codeUses(type: string | undefined, metadata: Metadata, prefix: string): CodeUse[] {
  const at = (...parts: (string | number)[]) =>
    [prefix, ...parts].filter((p) => p !== '').join('.');
  const uses: CodeUse[] = [];
  if (type !== undefined)
    uses.push({ classification: 'resourceType', code: type, path: at('type') });
  for (const [i, code] of (metadata.topicCategories ?? []).entries()) {
    uses.push({
      classification: 'topicCategory',
      code,
      path: at('metadata', 'topicCategories', i),
    });
  }
  for (const [i, keyword] of (metadata.classifiedKeywords ?? []).entries()) {
    uses.push({
      classification: keyword.classification,
      code: keyword.code,
      path: at('metadata', 'classifiedKeywords', i, 'code'),
      classificationPath: at('metadata', 'classifiedKeywords', i, 'classification'),
    });
  }
  if (metadata.licence !== undefined) {
    uses.push({
      classification: 'license',
      code: metadata.licence,
      path: at('metadata', 'licence'),
    });
  }
  for (const [i, contact] of (metadata.contacts ?? []).entries()) {
    uses.push({
      classification: 'contactRole',
      code: contact.role,
      path: at('metadata', 'contacts', i, 'role'),
    });
  }
  for (const [i, resource] of (metadata.onlineResources ?? []).entries()) {
    uses.push({
      classification: 'protocol',
      code: resource.protocol,
      path: at('metadata', 'onlineResources', i, 'protocol'),
    });
  }
  return uses;
}

/**
 * The uses whose code (or classification) does not exist, as field errors in the form of
 * validation errors. Loads every classification involved once, in one query.
 */
export async function unknownCodes(db: Db, uses: readonly CodeUse[]): Promise<FieldError[]> {
  const classifications = await getClassifications(db, [
    ...new Set(uses.map((u) => u.classification)),
  ]);
  // Codes per classification as sets: a record may hold many codes of a large tree.
  const codes = new Map(
    [...classifications].map(([id, c]) => [
      id,
      new Set([...walkNodes(c.nodes)].map((n) => n.node.id)),
    ]),
  );
  const fields: FieldError[] = [];
  for (const use of uses) {
    const known = codes.get(use.classification);
    if (!known) {
      fields.push({
        path: use.classificationPath ?? use.path,
        message: `"${use.classification}" is not a classification`,
      });
    } else if (!known.has(use.code)) {
      fields.push({
        path: use.path,
        message: `"${use.code}" is not a code of ${use.classification}`,
      });
    }
  }
  return fields;
}
