import type { Classification, ClassificationInput } from '@geoportal/contract/classification';
import type { Db } from '../../db/database.js';
import { type Auth, requireAuth } from '../access/access.service.js';
import { ClassificationNotFoundError } from './classification.errors.js';
import * as repo from './classification.repository.js';

/** `GET /classification/{id}`: the whole tree; unknown ids are 404. */
export async function readClassification(db: Db, id: string): Promise<Classification> {
  const classification = await repo.getClassification(db, id);
  if (!classification) throw new ClassificationNotFoundError(id);
  return classification;
}

/** The classifications of `ids` that exist, by id (for reading and writing records). */
export function readClassifications(db: Db, ids: readonly string[]) {
  return repo.getClassifications(db, ids);
}

/**
 * `PUT /classification/{id}`: administrators (the route admits nobody else) create or
 * replace a classification. The input was validated by its schema (unique ids, labels in
 * every language, depth, size); a tree cannot contain a cycle. Records keep the codes they hold: a code removed here makes the
 * next save of such a record answer `record.unknown_code` until it is corrected.
 */
export async function storeClassification(
  ctx: { db: Db; now: Date; auth: Auth | null },
  id: string,
  input: ClassificationInput,
): Promise<{ classification: Classification; created: boolean }> {
  const auth = requireAuth(ctx.auth);
  const { created } = await ctx.db
    .transaction()
    .execute(async (trx) =>
      repo.upsertClassification(trx, id, input, { now: ctx.now, by: auth.principal.name }),
    );
  return { classification: await readClassification(ctx.db, id), created };
}
