import { createHash } from 'node:crypto';
import type { Metadata } from '@geoportal/contract/record';
import { CompiledQuery, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { GrantFact } from '../objects/policy.js';
import type {
  CodeLabels,
  DocumentSource,
  SearchDocument,
  WeightedTexts,
} from './search-document.js';
import { fieldLexemePrefix, LEXEME_PATTERN, prefixedLexeme } from './search-fields.js';
import { sampleLexemes } from './search-sample.js';
import { publicOnly } from './visibility-sql.js';

/** SQL of the search index's writes (migration 0007). */

/** The objects with these ids and their grants, as the document builder needs them. */
export async function loadSources(db: Db, ids: readonly string[]): Promise<DocumentSource[]> {
  if (ids.length === 0) return [];
  const [objects, grants] = await Promise.all([
    db
      .selectFrom('object')
      .select([
        'id',
        'type',
        'state',
        'owner_id',
        'public',
        'metadata',
        'created_at',
        'modified_at',
      ])
      .where('id', 'in', [...ids])
      .execute(),
    db
      .selectFrom('object_grant')
      .select(['object_id', 'permission', 'subject_kind', 'subject_name', 'account_id'])
      .where('object_id', 'in', [...ids])
      .execute(),
  ]);
  const grantsOf = new Map<string, GrantFact[]>();
  for (const g of grants) {
    const list = grantsOf.get(g.object_id) ?? [];
    list.push({
      permission: g.permission,
      subject:
        g.subject_kind === 'everyone'
          ? { kind: 'everyone' }
          : { kind: g.subject_kind, name: g.subject_name },
      ...(g.subject_kind === 'user' ? { accountId: g.account_id } : {}),
    } as GrantFact);
    grantsOf.set(g.object_id, list);
  }
  return objects.map((o) => ({
    id: o.id,
    type: o.type,
    state: o.state,
    ownerId: o.owner_id,
    public: o.public,
    metadata: o.metadata as unknown as Metadata,
    created: new Date(o.created_at),
    modified: new Date(o.modified_at),
    grants: grantsOf.get(o.id) ?? [],
  }));
}

/** Every classification's labels by code (the label of each node, at any depth). */
export async function loadCodeLabels(db: Db): Promise<CodeLabels> {
  const rows = await db.selectFrom('classification').select(['id', 'nodes']).execute();
  const labels = new Map<string, Map<string, { de?: string; en?: string }>>();
  for (const row of rows) {
    const byCode = new Map<string, { de?: string; en?: string }>();
    const stack = [...((row.nodes as unknown as LabelledNode[]) ?? [])];
    while (stack.length > 0) {
      const node = stack.pop() as LabelledNode;
      byCode.set(node.code, node.labels ?? {});
      stack.push(...(node.children ?? []));
    }
    labels.set(row.id, byCode);
  }
  return labels;
}

interface LabelledNode {
  code: string;
  labels?: { de?: string; en?: string };
  children?: LabelledNode[];
}

/** The texts of one weight as the write statement reads them (columns `<weight>_de` …). */
interface WeightColumns {
  de: string;
  en: string;
  words: string;
}

/**
 * One weight's texts for its vector: German stems of the German and the neutral texts,
 * English stems of the English and the neutral texts, and the plain words of the neutral texts
 * (names, codes, free keywords) — plus, with `plain`, the plain words of all texts (titles and
 * keywords: exact forms and prefixes). Long texts (abstracts, lineage) go without their plain
 * form: their stems find them, and they would double the index.
 */
function weightColumns(texts: WeightedTexts, plain: boolean): WeightColumns {
  return {
    de: [texts.de, texts.neutral].join(' \n '),
    en: [texts.en, texts.neutral].join(' \n '),
    words: plain ? [texts.de, texts.en, texts.neutral].join(' \n ') : texts.neutral,
  };
}

/** The SQL of one weight's vector from the columns of `weightColumns`. */
const weightedVector = (weight: 'a' | 'b' | 'c' | 'd') =>
  `setweight(to_tsvector('german', r.${weight}_de) || to_tsvector('english', r.${weight}_en) || to_tsvector('simple', r.${weight}_words), '${weight.toUpperCase()}')`;

/**
 * The columns of the record text fields (`recordTextFields`): their key in the row, the
 * prefix of their lexemes.
 */
const recordTextColumns = [
  { field: 'lineage', column: 'l' },
  { field: 'useConstraints', column: 'u' },
  { field: 'accessConstraints', column: 'r' },
] as const;

/** The SQL of a record text field's vector (stems and plain words, for prefixes), unweighted. */
const fieldVector = (column: string) =>
  `to_tsvector('german', r.${column}_de) || to_tsvector('english', r.${column}_en) || to_tsvector('simple', r.${column}_words)`;

/** A vector with every lexeme prefixed (search-fields.ts): the field's own copy of its words. */
const prefixedVector = (vector: string, prefix: string) =>
  `regexp_replace((${vector})::text, $re$${LEXEME_PATTERN}$re$, $re$${prefixedLexeme(prefix)}$re$, 'g')::tsvector`;

/** A box for the spatial index from [west, south, east, north]; null (no box) stays null. */
const box = (column: string) =>
  `box(point(r.${column}[1], r.${column}[2]), point(r.${column}[3], r.${column}[4]))`;

/**
 * Writes a batch of documents in one statement whose text never changes: the rows arrive as
 * one JSON parameter (no parameter limit, nothing to parse or plan per row). The vector holds
 * the weighted words, the fields' copies and the sample lexemes (search-sample.ts); `pairs`
 * the pairs of adjacent words (migration 0008), of the words only. `offset 0` keeps each vector built once, not
 * once for every place it is used.
 */
const writeStatement = `
  insert into search_document (object_id, type, state, readers, doc, pairs, facets, title_de, title_en,
    title_sort, ref_date, temporal_start, temporal_end, created, modified, west, south, east,
    north, extent, extent2, footprint, map_services, service_hosts, content_hash)
  select r.object_id, r.type, r.state, r.readers,
    w.words || ${prefixedVector('v.a', fieldLexemePrefix.title as string)}
      || ${prefixedVector('v.b', fieldLexemePrefix.keyword as string)}
      ${recordTextColumns
        .map(
          ({ field, column }) =>
            `|| ${prefixedVector(fieldVector(column), fieldLexemePrefix[field] as string)}`,
        )
        .join(' ')}
      || array_to_tsvector(r.sample),
    array_to_tsvector(search_pairs(w.words)),
    r.facets, r.title_de, r.title_en, r.title_sort, r.ref_date, r.temporal_start,
    r.temporal_end, r.created, r.modified, r.west, r.south, r.east, r.north,
    ${box('extent')}, ${box('extent2')}, r.footprint, r.map_services, r.service_hosts, r.content_hash
  from jsonb_to_recordset($1::jsonb) as r(object_id text, type text, state text,
    readers text[], a_de text, a_en text, a_words text, b_de text, b_en text, b_words text,
    c_de text, c_en text, c_words text, d_de text, d_en text, d_words text,
    ${recordTextColumns.map(({ column }) => `${column}_de text, ${column}_en text, ${column}_words text,`).join(' ')}
    facets text[],
    title_de text, title_en text, title_sort text, ref_date date, temporal_start date,
    temporal_end date, created timestamptz, modified timestamptz, west float8, south float8,
    east float8, north float8, extent float8[], extent2 float8[], footprint jsonb,
    map_services boolean, service_hosts text[], sample text[], content_hash text)
  cross join lateral (select ${weightedVector('a')} as a, ${weightedVector('b')} as b offset 0) v
  cross join lateral (select v.a || v.b || ${weightedVector('c')} || ${weightedVector('d')}
      as words offset 0) w
  on conflict (object_id) do update set
    type = excluded.type, state = excluded.state, readers = excluded.readers, doc = excluded.doc,
    pairs = excluded.pairs,
    facets = excluded.facets, title_de = excluded.title_de, title_en = excluded.title_en,
    title_sort = excluded.title_sort, ref_date = excluded.ref_date,
    temporal_start = excluded.temporal_start, temporal_end = excluded.temporal_end,
    created = excluded.created, modified = excluded.modified, west = excluded.west,
    south = excluded.south, east = excluded.east, north = excluded.north,
    extent = excluded.extent, extent2 = excluded.extent2, footprint = excluded.footprint,
    map_services = excluded.map_services, service_hosts = excluded.service_hosts,
    content_hash = excluded.content_hash`;

/**
 * Replaces the suggestion terms of the objects `$1` by the rows `$2`, in one statement (the
 * delete sees only the old rows: both parts read the same snapshot).
 */
const termsStatement = `
  with old as (delete from search_term where object_id = any($1::text[]))
  insert into search_term (object_id, kind, term, norm)
  select object_id, kind, term, norm
  from jsonb_to_recordset($2::jsonb) as r(object_id text, kind text, term text, norm text)`;

/** A document as `writeStatement` reads it: its row in JSON, and the row's content hash. */
interface EncodedDocument {
  document: SearchDocument;
  json: string;
  hash: string;
}

/**
 * The row of one document for `writeStatement`, with its content hash: a digest of the row,
 * its terms and the statements that store them, so a change of any rewrites the document.
 */
function encodeDocument(d: SearchDocument): EncodedDocument {
  const weights = {
    a: weightColumns(d.texts.A, true),
    b: weightColumns(d.texts.B, true),
    c: weightColumns(d.texts.C, false),
    d: weightColumns(d.texts.D, false),
  };
  const row: Record<string, unknown> = {
    object_id: d.objectId,
    type: d.type,
    state: d.state,
    readers: d.readers,
    facets: d.facets,
    title_de: d.titleDe,
    title_en: d.titleEn,
    title_sort: d.titleSort,
    ref_date: d.refDate,
    temporal_start: d.temporalStart,
    temporal_end: d.temporalEnd,
    created: d.created.toISOString(),
    modified: d.modified.toISOString(),
    west: d.bbox?.west ?? null,
    south: d.bbox?.south ?? null,
    east: d.bbox?.east ?? null,
    north: d.bbox?.north ?? null,
    extent: d.boxes[0] ?? null,
    extent2: d.boxes[1] ?? null,
    footprint: d.footprint,
    map_services: d.mapServices,
    service_hosts: d.serviceHosts,
    sample: sampleLexemes(d.objectId),
  };
  const fields = recordTextColumns.map(
    ({ field, column }) => [column, weightColumns(d.fieldTexts[field], true)] as const,
  );
  for (const [key, columns] of [...Object.entries(weights), ...fields]) {
    row[`${key}_de`] = columns.de;
    row[`${key}_en`] = columns.en;
    row[`${key}_words`] = columns.words;
  }
  const json = JSON.stringify(row);
  const hash = createHash('sha1')
    .update(writeStatement)
    .update(termsStatement)
    .update(json)
    .update(JSON.stringify(d.terms))
    .digest('base64url');
  // The hash joins the row as its last field (base64url needs no escaping), so the row is
  // serialised once, not again for the parameter.
  return { document: d, json: `${json.slice(0, -1)},"content_hash":"${hash}"}`, hash };
}

/** The content hashes stored for these objects' documents. */
async function storedHashes(db: Db, ids: readonly string[]): Promise<Map<string, string | null>> {
  const rows = await sql<{ object_id: string; content_hash: string | null }>`
    select object_id, content_hash from search_document
    where object_id = any(${sql.val(ids)}::text[])`.execute(db);
  return new Map(rows.rows.map((r) => [r.object_id, r.content_hash]));
}

/**
 * Writes the documents (insert or replace) and their suggestion terms. A document whose
 * stored content hash equals its own is skipped: its vectors, the costly part, are neither
 * computed nor written again. The caller holds the objects' row locks, so no one changes
 * their documents between the comparison and the write. Run in the transaction that changed
 * the objects, so the index never disagrees with them. Answers how many were written.
 */
export async function writeDocuments(
  db: Db,
  documents: readonly SearchDocument[],
): Promise<number> {
  if (documents.length === 0) return 0;
  const encoded = documents.map(encodeDocument);
  const stored = await storedHashes(
    db,
    documents.map((d) => d.objectId),
  );
  const changed = encoded.filter((e) => stored.get(e.document.objectId) !== e.hash);
  if (changed.length === 0) return 0;
  await db.executeQuery(
    CompiledQuery.raw(writeStatement, [`[${changed.map((e) => e.json).join(',')}]`]),
  );
  await writeTerms(
    db,
    changed.map((e) => e.document),
  );
  return changed.length;
}

/** Replaces the suggestion terms of these documents' objects by the documents' own. */
async function writeTerms(db: Db, documents: readonly SearchDocument[]): Promise<void> {
  const terms = documents.flatMap((d) =>
    d.terms.map((t) => ({ object_id: d.objectId, kind: t.kind, term: t.term, norm: t.norm })),
  );
  await db.executeQuery(
    CompiledQuery.raw(termsStatement, [documents.map((d) => d.objectId), JSON.stringify(terms)]),
  );
}

/** Removes the documents of objects that no longer exist (a rebuild's last step). */
export async function removeOrphanDocuments(db: Db): Promise<number> {
  const result = await sql`
    delete from search_document d where not exists (select 1 from object o where o.id = d.object_id)`.execute(
    db,
  );
  return Number(result.numAffectedRows ?? 0);
}

/**
 * A rebuild's transaction need not wait for its commit to reach the disk: a crash loses at
 * most the last batches, and the next rebuild writes them again.
 */
export async function relaxCommit(db: Db): Promise<void> {
  await sql`set local synchronous_commit = off`.execute(db);
}

/**
 * Bounds the work one write of this transaction may do for the full-text and array (GIN)
 * indexes. New entries go to each index's pending list, and the write that finds a list over
 * `gin_pending_list_limit` (4 MB by default) merges all of it into the index: on the embedded
 * database one batch of a rebuild then held its one connection for over a second (the
 * progress an administrator watches stood still, and searches waited). With 1 MB the merges
 * come four times as often and a quarter as long: batches of 100 records took at most 0.6 s
 * instead of 1.1 s, the rebuild 30 % longer (docs/decisions.md, "Reindex batches on the
 * embedded database").
 */
export async function boundIndexMerges(db: Db): Promise<void> {
  await sql`set local gin_pending_list_limit = '1MB'`.execute(db);
}

/**
 * Ends the WAL written so far. PGlite has no checkpointer process, so without this the WAL of
 * a large rebuild stays on disk (gigabytes) until the database is closed.
 */
export async function checkpoint(db: Db): Promise<void> {
  await sql`checkpoint`.execute(db);
}

/** Fresh planner statistics after a rebuild: the plans of searches depend on them. */
export async function analyzeIndex(db: Db): Promise<void> {
  // Statistics only. The embedded database has no autovacuum and a vacuum here would hold its
  // one connection for many seconds (a search waited 18 s behind it at 250,000 records); the old
  // row versions a rebuild leaves are vacuumed by the nightly maintenance (db/vacuum.ts).
  await sql`analyze search_document`.execute(db);
  await sql`analyze search_term`.execute(db);
}

/** Takes the row locks of the objects in this transaction; skips rows another one holds. */
export async function lockObjects(
  db: Db,
  ids: readonly string[],
  skipLocked: boolean,
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await sql<{ id: string }>`
    select id from object where id in (${sql.join(ids)}) order by id
    for update ${skipLocked ? sql`skip locked` : sql``}`.execute(db);
  return rows.rows.map((r) => r.id);
}

/** The next batch of object ids after `after`, in id order. */
export async function nextObjectIds(
  db: Db,
  after: string | null,
  limit: number,
): Promise<string[]> {
  let query = db.selectFrom('object').select('id').orderBy('id').limit(limit);
  if (after !== null) query = query.where('id', '>', after);
  return (await query.execute()).map((r) => r.id);
}

export async function countObjects(db: Db): Promise<number> {
  const row = await db
    .selectFrom('object')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function indexVersion(db: Db): Promise<number | undefined> {
  const row = await db
    .selectFrom('search_index_state')
    .select('version')
    .where('name', '=', 'objects')
    .executeTakeFirst();
  return row?.version;
}

export async function setIndexVersion(db: Db, version: number, now: Date): Promise<void> {
  await db
    .insertInto('search_index_state')
    .values({ name: 'objects', version, built_at: now })
    .onConflict((oc) => oc.column('name').doUpdateSet({ version, built_at: now }))
    .execute();
}

/**
 * Whether a public record (`policy.isPublic`, not only a published one) names a map service
 * on `hostKey` (`host:port`); GIN-indexed.
 */
export async function publishedServiceHostExists(db: Db, hostKey: string): Promise<boolean> {
  const row = await db
    .selectFrom('search_document')
    .select('object_id')
    .where(publicOnly('search_document'))
    .where(sql<boolean>`service_hosts @> array[${hostKey}]::text[]`)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
