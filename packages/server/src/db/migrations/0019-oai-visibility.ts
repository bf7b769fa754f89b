import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * OAI-PMH deletion tracking (issue 24, `deletedRecord=persistent`): one row per record whose
 * public visibility changed, with the time of its last change. A record that is not public
 * (any more) but has a row is answered as a deleted header with that time as its datestamp;
 * a public record's datestamp is the later of its modification and this time, so that one
 * made public by an access change is found by the next incremental harvest. The rows are
 * written in the transaction of the workflow step, access change or deletion
 * (modules/oai/oai-visibility.ts) and outlive the record itself: there is no foreign key.
 *
 * Existing records that were published once (their history says so) and are not public now
 * get a row here, dated by their last modification: harvesters learn of them as deleted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('oai_visibility_change')
    .addColumn('object_id', 'text', (c) => c.primaryKey())
    .addColumn('changed_at', 'timestamptz', (c) => c.notNull())
    // The record's OAI sets when it stopped being public, as search facets (`type=dataset`,
    // `inspireTheme=hy`): a deleted header still names the sets it was harvested in.
    .addColumn('sets', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .execute();
  await db.schema
    .createIndex('oai_visibility_change_changed_at')
    .on('oai_visibility_change')
    .columns(['changed_at', 'object_id'])
    .execute();
  await traceFormerlyPublic(db);
}

/**
 * Gives every record that was published once (its history says so) and is not public now a
 * row dated by its last modification, unless it has one.
 */
export async function traceFormerlyPublic(db: Kysely<unknown>): Promise<void> {
  await sql`
    insert into oai_visibility_change (object_id, changed_at, sets)
    select o.id, o.modified_at,
      array['type=' || o.type] || coalesce((
        select array_agg('inspireTheme=' || (k->>'code') order by k->>'code')
        from jsonb_array_elements(coalesce(o.metadata->'classifiedKeywords', '[]'::jsonb)) k
        where k->>'classification' = 'inspireTheme'
      ), '{}'::text[])
    from object o
    where exists (
        select 1 from object_history h where h.object_id = o.id and h.to_state = 'published'
      )
      and not (
        o.state = 'published' and (o.public or exists (
          select 1 from object_grant g where g.object_id = o.id and g.subject_kind = 'everyone'
        ))
      )
    on conflict (object_id) do nothing`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('oai_visibility_change').ifExists().execute();
}
