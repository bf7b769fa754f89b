import type { ObjectState } from '@geoportal/contract/object';
import type { Metadata } from '@geoportal/contract/record';
import { findAccountByName } from '../../modules/access/access.repository.js';
import { newId } from '../../modules/access/session.js';
import { traceVisibilityChanges } from '../../modules/oai/oai-visibility.js';
import { refreshSearchDocuments } from '../../modules/search/search-index.js';
import type { Db } from '../database.js';
import { type DemoRecord, demoRecords } from './demo-records.js';
import type { SeedStep } from './seed-step.js';

const day = 24 * 60 * 60 * 1000;

/** One workflow step of a demo record's history. */
interface Step {
  from: ObjectState | null;
  to: ObjectState;
  actor: string;
  at: Date;
  comment: string | null;
}

/**
 * The history that leads to the record's state, the way the workflow would have written it:
 * the owner creates and submits, the editor publishes and withdraws. Steps lie a day apart
 * and never after `now`.
 */
function historyOf(record: DemoRecord, created: Date, now: Date): Step[] {
  const at = (days: number) => new Date(Math.min(now.getTime(), created.getTime() + days * day));
  const steps: Step[] = [
    { from: null, to: 'draft', actor: record.owner, at: created, comment: null },
  ];
  if (record.state === 'draft') return steps;
  steps.push({ from: 'draft', to: 'submitted', actor: record.owner, at: at(1), comment: null });
  if (record.state === 'submitted') return steps;
  steps.push({ from: 'submitted', to: 'published', actor: 'editor', at: at(2), comment: null });
  if (record.state === 'published') return steps;
  steps.push({
    from: 'published',
    to: 'withdrawn',
    actor: 'editor',
    at: at(30),
    comment: 'Durch eine überarbeitete Fassung ersetzt.',
  });
  return steps;
}

/**
 * Inserts objects with their final state and version and their history rows, in two
 * statements each: about 100 records with their history would otherwise cost several hundred
 * round trips on the first start. The version counts the saves the workflow would have made.
 */
async function insertDemoObjects(
  db: Db,
  objects: {
    id: string;
    type: string;
    state: ObjectState;
    ownerId: string;
    metadata: unknown;
    history: Step[];
  }[],
) {
  if (objects.length === 0) return;
  await db
    .insertInto('object')
    .values(
      objects.map((o) => ({
        id: o.id,
        type: o.type,
        state: o.state,
        version: o.history.length,
        owner_id: o.ownerId,
        metadata: JSON.stringify(o.metadata),
        created_at: (o.history[0] as Step).at,
        modified_at: (o.history.at(-1) as Step).at,
      })),
    )
    .execute();
  await db
    .insertInto('object_history')
    .values(
      objects.flatMap((o) =>
        o.history.map((h) => ({
          object_id: o.id,
          from_state: h.from,
          to_state: h.to,
          actor_name: h.actor,
          at: h.at,
          comment: h.comment,
        })),
      ),
    )
    .execute();
  await refreshSearchDocuments(
    db,
    objects.map((o) => o.id),
  );
  // A withdrawn demo record was public until its withdrawal, as the workflow would have
  // traced it: OAI-PMH answers it as deleted from then on.
  for (const o of objects) {
    const withdrawal = o.history.find((h) => h.to === 'withdrawn');
    if (withdrawal) {
      await traceVisibilityChanges(
        db,
        [{ id: o.id, type: o.type, metadata: o.metadata as Metadata, isPublic: false }],
        withdrawal.at,
      );
    }
  }
}

/**
 * The demo records (DESIGN §3): about 100 records across Germany owned by the demo accounts
 * `editor` and `submitter`. Runs after `demo-accounts`; the records were created over the
 * last months, two days apart, the newest most recently.
 */
export const demoRecordsStep: SeedStep = {
  name: 'demo-records',
  async apply(db, { now, log }) {
    const owners = {
      editor: await findAccountByName(db, 'editor'),
      submitter: await findAccountByName(db, 'submitter'),
    };
    if (!owners.editor || !owners.submitter) {
      log.warn('Demo data: the accounts editor and submitter are missing; no demo records.');
      return;
    }
    const count = demoRecords.length;
    await insertDemoObjects(
      db,
      demoRecords.map((record, index) => {
        const created = new Date(now.getTime() - (count - index) * 2 * day);
        return {
          id: newId(),
          type: record.type,
          state: record.state,
          ownerId: (owners[record.owner] as { id: string }).id,
          metadata: record.metadata,
          history: historyOf(record, created, now),
        };
      }),
    );
  },
};
