import { readdirSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { readClassificationCodes } from './search-codes.js';
import {
  type GeneratedObject,
  generatorVersion,
  ownerNames,
  SearchRecordGenerator,
} from './search-generator.js';
import type { Db, OpenDatabase, ServerModules } from './search-server.js';

/**
 * Fills a database with N generated records for the search benchmark and builds their
 * search index: owners, objects and grants in multi-row INSERTs of a few thousand rows
 * (one `jsonb_to_recordset` parameter per statement, so there is no parameter limit), then
 * `rebuildSearchIndex`, timed. A marker row names the generator version, seed and N; a
 * database that already holds the same data is reused, because loading 1,000,000 takes long.
 */

export type Engine = 'postgres' | 'pglite';

export interface Target {
  engine: Engine;
  /** PostgreSQL: the database URL; its schema is `schema`. */
  databaseUrl?: string;
  schema: string;
  /** PGlite: the DATA_DIR (the database lies in `dataDir/db`). */
  dataDir: string;
}

export interface LoadOptions {
  n: number;
  seed: number;
  /** Rows per INSERT statement (each its own transaction). */
  batchSize?: number;
  /** Rebuild the index even when the marker says it is current (for the reindex figure). */
  reindex?: boolean;
}

export interface IndexRun {
  indexed: number;
  ms: number;
  perSecond: number;
  /**
   * CPU seconds the rebuild used (this process, plus the PostgreSQL backends serving this
   * database), and the rate that CPU time allows: what the rebuild would reach on an idle
   * core, when other work on the machine slows the wall-clock rate.
   */
  cpuSeconds?: number;
  perCpuSecond?: number;
  at: string;
}

export interface LoadResult {
  engine: Engine;
  n: number;
  /** Whether the records were already there (then `load` is the first load's figure). */
  reused: boolean;
  load: { ms: number; perSecond: number; at: string };
  /** The index build right after loading, or the last one recorded. */
  index: IndexRun;
  /** Whether `index` was measured in this run. */
  indexedNow: boolean;
  sizes: Record<string, string>;
}

const marker = 'bench_search_dataset';
const versionOfState = { draft: 1, submitted: 2, published: 3, withdrawn: 4 } as const;

const progress = (label: string, done: number, total: number, started: number) => {
  const seconds = (performance.now() - started) / 1000;
  process.stderr.write(
    `\r${label}: ${done} / ${total} (${Math.round(done / Math.max(seconds, 0.001))}/s)   `,
  );
  if (done >= total) process.stderr.write('\n');
};

/** Creates the PostgreSQL database of the URL when it does not exist yet. */
async function ensurePostgresDatabase(url: string): Promise<void> {
  const require = createRequire(
    fileURLToPath(new URL('../../packages/server/package.json', import.meta.url)),
  );
  const pg = require('pg') as typeof import('pg');
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database "${name.replaceAll('"', '""')}"`);
  } finally {
    await client.end();
  }
}

function open(server: ServerModules, target: Target): Promise<OpenDatabase> {
  return server.openDatabase({
    dataDir: target.dataDir,
    databaseUrl: target.engine === 'postgres' ? target.databaseUrl : undefined,
    databaseSchema: target.schema,
  });
}

interface MarkerRow {
  generator_version: number;
  seed: number;
  n: number;
  loaded_at: Date | string;
  load_ms: number;
  index_hash: string | null;
  indexed: number | null;
  index_ms: number | null;
  index_cpu_ms: number | null;
  indexed_at: Date | string | null;
}

async function readMarker(server: ServerModules, db: Db): Promise<MarkerRow | undefined> {
  await server.raw(
    db,
    `create table if not exists ${marker} (
      name text primary key, generator_version integer not null, seed integer not null,
      n integer not null, loaded_at timestamptz not null, load_ms integer not null,
      index_hash text, indexed integer, index_ms integer, indexed_at timestamptz)`,
  );
  await server.raw(db, `alter table ${marker} add column if not exists index_cpu_ms integer`);
  const rows = await server.raw(db, `select * from ${marker} where name = 'records'`);
  return rows[0] as MarkerRow | undefined;
}

/** Opens the target with the requested records, loading them unless they are there already. */
export async function prepareSearchDatabase(
  server: ServerModules,
  target: Target,
  options: LoadOptions,
): Promise<{ database: OpenDatabase; result: LoadResult }> {
  const label = `${target.engine} ${options.n}`;
  if (target.engine === 'postgres') await ensurePostgresDatabase(target.databaseUrl as string);
  let database = await open(server, target);
  let row = await readMarker(server, database.db);
  const matches =
    row?.generator_version === generatorVersion && row.seed === options.seed && row.n === options.n;
  if (!matches) {
    console.log(`Search ${label}: loading ${options.n} records (none or other data found)`);
    // Start from an empty database: fresh migrations, no leftovers of another size or version.
    if (target.engine === 'postgres') {
      await server.raw(database.db, `drop schema if exists "${target.schema}" cascade`);
      await database.close();
    } else {
      await database.close();
      await rm(target.dataDir, { recursive: true, force: true });
    }
    database = await open(server, target);
    await readMarker(server, database.db);
    const loadMs = await loadRecords(server, database.db, options);
    await server.raw(
      database.db,
      `insert into ${marker} (name, generator_version, seed, n, loaded_at, load_ms)
       values ('records', $1, $2, $3, now(), $4)`,
      [generatorVersion, options.seed, options.n, Math.round(loadMs)],
    );
    row = (await readMarker(server, database.db)) as MarkerRow;
  } else {
    console.log(`Search ${label}: reusing the loaded records (generator v${generatorVersion})`);
  }
  const loaded = row as MarkerRow;

  const stale = loaded.index_hash !== server.indexCodeHash;
  const indexedNow = !matches || stale || options.reindex === true;
  if (indexedNow) {
    // The figure is a full reindex: from an empty index, so that no document is skipped as
    // unchanged (a rebuild over a current index skips them and runs several times faster).
    await server.raw(database.db, 'truncate search_term, search_document');
    const started = performance.now();
    const cpuBefore = cpuSeconds(target);
    const { indexed } = await server.rebuildSearchIndex(database.db, {
      onProgress: ({ done, total }) => progress(`Search ${label}: indexing`, done, total, started),
    });
    const ms = performance.now() - started;
    const cpuMs = (cpuSeconds(target) - cpuBefore) * 1000;
    await server.raw(
      database.db,
      `update ${marker} set index_hash = $1, indexed = $2, index_ms = $3, index_cpu_ms = $4,
         indexed_at = now()
       where name = 'records'`,
      [server.indexCodeHash, indexed, Math.round(ms), Math.round(cpuMs)],
    );
    // Planner statistics, as autovacuum would gather them on a server that runs a while.
    await server.raw(
      database.db,
      'vacuum analyze object, object_grant, search_document, search_term',
    );
    row = (await readMarker(server, database.db)) as MarkerRow;
  }
  const final = row as MarkerRow;
  const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : '');
  return {
    database,
    result: {
      engine: target.engine,
      n: final.n,
      reused: matches,
      load: {
        ms: final.load_ms,
        perSecond: Math.round(final.n / (final.load_ms / 1000)),
        at: iso(final.loaded_at),
      },
      index: {
        indexed: final.indexed ?? 0,
        ms: final.index_ms ?? 0,
        perSecond: Math.round((final.indexed ?? 0) / ((final.index_ms ?? 1) / 1000)),
        ...(final.index_cpu_ms
          ? {
              cpuSeconds: Math.round(final.index_cpu_ms / 100) / 10,
              perCpuSecond: Math.round((final.indexed ?? 0) / (final.index_cpu_ms / 1000)),
            }
          : {}),
        at: iso(final.indexed_at),
      },
      indexedNow,
      sizes: await tableSizes(server, database.db),
    },
  };
}

/** Inserts the owners, then the objects and grants batch by batch; answers the time in ms. */
async function loadRecords(server: ServerModules, db: Db, options: LoadOptions): Promise<number> {
  const started = performance.now();
  const generator = new SearchRecordGenerator({
    seed: options.seed,
    codes: await readClassificationCodes({ rows: (text) => server.raw(db, text) }),
  });
  await server.raw(
    db,
    `insert into account (id, name, name_key, modified_at)
     select name, name, name, now() from unnest($1::text[]) as name`,
    [ownerNames],
  );
  const batchSize = options.batchSize ?? 2000;
  let pending: Promise<unknown> = Promise.resolve();
  for (let first = 0; first < options.n; first += batchSize) {
    const count = Math.min(batchSize, options.n - first);
    const batch = Array.from({ length: count }, (_, i) => generator.record(first + i));
    // Generate the next batch while the database stores this one (PostgreSQL works in its
    // own process; PGlite in this thread, where it makes no difference).
    await pending;
    pending = insertBatch(server, db, batch).then(() =>
      progress(`Loading`, first + count, options.n, started),
    );
  }
  await pending;
  await server.raw(db, 'analyze object');
  return performance.now() - started;
}

async function insertBatch(server: ServerModules, db: Db, batch: GeneratedObject[]) {
  const objects = batch.map((o) => ({
    id: o.id,
    type: o.type,
    state: o.state,
    version: versionOfState[o.state],
    owner_id: ownerNames[o.owner],
    public: o.public,
    metadata: o.metadata,
    created_at: o.createdAt.toISOString(),
    modified_at: o.modifiedAt.toISOString(),
  }));
  await server.raw(
    db,
    `insert into object (id, type, state, version, owner_id, public, metadata, created_at, modified_at)
     select id, type, state, version, owner_id, public, metadata, created_at, modified_at
     from jsonb_to_recordset($1::jsonb) as r(id text, type text, state text, version integer,
       owner_id text, public boolean, metadata jsonb, created_at timestamptz, modified_at timestamptz)`,
    [JSON.stringify(objects)],
  );
  const grants = batch.flatMap((o) =>
    o.grants.map((g) => ({
      object_id: o.id,
      permission: 'read',
      subject_kind: g.subjectKind,
      subject_name: g.subjectName,
    })),
  );
  if (grants.length === 0) return;
  await server.raw(
    db,
    `insert into object_grant (object_id, permission, subject_kind, subject_name)
     select object_id, permission, subject_kind, subject_name
     from jsonb_to_recordset($1::jsonb) as r(object_id text, permission text, subject_kind text,
       subject_name text)`,
    [JSON.stringify(grants)],
  );
}

/** Sizes of the tables that matter (with indexes and TOAST), for the report. */
async function tableSizes(server: ServerModules, db: Db): Promise<Record<string, string>> {
  const rows = await server.raw(
    db,
    `select c.relname as name, pg_size_pretty(pg_total_relation_size(c.oid)) as size
     from pg_class c
     where c.relname in ('object', 'search_document', 'search_term') and c.relkind = 'r'
       and c.relnamespace = (select oid from pg_namespace where nspname = current_schema())`,
  );
  return Object.fromEntries(rows.map((r) => [String(r.name), String(r.size)]));
}

const clockTicks = 100;

/** user + system CPU seconds of a process from /proc/<pid>/stat; 0 when it is gone. */
function processCpuSeconds(pid: string): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / clockTicks;
  } catch {
    return 0;
  }
}

/**
 * CPU seconds used so far by each process involved: this one (key `self`), `more` (e.g. the
 * server's) and, for PostgreSQL, the server processes that serve this database (their title
 * reads `postgres: <user> <database> <host>`). Linux only; elsewhere only this process.
 */
export function cpuByProcess(target: Target, more: readonly string[] = []): Map<string, number> {
  const own = process.cpuUsage();
  const cpu = new Map<string, number>([['self', (own.user + own.system) / 1e6]]);
  for (const pid of more) cpu.set(pid, processCpuSeconds(pid));
  if (target.engine !== 'postgres' || !target.databaseUrl) return cpu;
  const database = decodeURIComponent(new URL(target.databaseUrl).pathname.slice(1));
  let pids: string[] = [];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return cpu;
  }
  for (const pid of pids) {
    let title = '';
    try {
      title = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    } catch {
      continue;
    }
    if (title.startsWith('postgres: ') && title.split(/\s+/).includes(database)) {
      cpu.set(pid, processCpuSeconds(pid));
    }
  }
  return cpu;
}

/**
 * The CPU seconds used between two readings of `cpuByProcess`: a process started meanwhile
 * counts from zero; one that ended meanwhile (a pooled connection closed when idle) is left
 * out rather than subtracted.
 */
export function cpuUsedBetween(before: Map<string, number>, after: Map<string, number>): number {
  let used = 0;
  for (const [pid, seconds] of after) used += seconds - (before.get(pid) ?? 0);
  return used;
}

/** CPU seconds used so far by this process and the database's processes (see cpuByProcess). */
export function cpuSeconds(target: Target): number {
  return [...cpuByProcess(target).values()].reduce((a, b) => a + b, 0);
}
