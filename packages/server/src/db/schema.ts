import type { ColumnType, Generated, JSONColumnType, Selectable } from 'kysely';

/**
 * The database as Kysely sees it: one interface per table. Migrations create the tables;
 * this file states their column types, and only repositories query with them. A row as read
 * is derived with `Selectable<…>` (below each table that other code passes around), never
 * typed again by hand.
 */
export interface Database {
  seed_run: SeedRunTable;
  account: AccountTable;
  user_group: UserGroupTable;
  role: RoleTable;
  group_member: GroupMemberTable;
  group_role: GroupRoleTable;
  account_role: AccountRoleTable;
  session: SessionTable;
  login_throttle: LoginThrottleTable;
  object: ObjectTable;
  object_history: ObjectHistoryTable;
  object_grant: ObjectGrantTable;
  access_key: AccessKeyTable;
  classification: ClassificationTable;
  blob: BlobTable;
  bundle: BundleTable;
  file: FileTable;
  server_secret: ServerSecretTable;
  search_document: SearchDocumentTable;
  search_term: SearchTermTable;
  search_index_state: SearchIndexStateTable;
  audit_entry: AuditEntryTable;
  process_job: ProcessJobTable;
  process_log: ProcessLogTable;
  process_schedule: ProcessScheduleTable;
  record_link_status: RecordLinkStatusTable;
  oai_visibility_change: OaiVisibilityChangeTable;
  harvester: HarvesterTable;
  harvest_record: HarvestRecordTable;
  harvest_run: HarvestRunTable;
}

/** A metadata record with its workflow state; `version` grows with every save. */
export interface ObjectTable {
  id: string;
  type: string;
  state: string;
  version: Generated<number>;
  owner_id: string;
  /** Published records are readable by everyone while this is true. */
  public: Generated<boolean>;
  metadata: JSONColumnType<Record<string, unknown>>;
  created_at: Timestamp;
  modified_at: Timestamp;
  /** The `gmd:fileIdentifier` of the file the record was imported from (migration 0011). */
  file_identifier: string | null;
}

export interface ObjectHistoryTable {
  id: Generated<number>;
  object_id: string;
  from_state: string | null;
  to_state: string;
  actor_name: string;
  at: Timestamp;
  comment: string | null;
}

/**
 * An explicit grant; `subject_name` is empty for everyone. A grant to a user names the
 * account by `account_id` (migration 0023; `subject_name` keeps the name it was made with).
 */
export interface ObjectGrantTable {
  object_id: string;
  permission: string;
  subject_kind: string;
  subject_name: string;
  account_id: string | null;
}

/** An access key: only a salted SHA-256 of its secret is stored. */
export interface AccessKeyTable {
  id: string;
  object_id: string;
  type: string;
  salt: string;
  secret_hash: string;
  comment: Generated<string>;
  created_at: Timestamp;
  creator_name: string;
  expires_at: Timestamp | null;
  active: Generated<boolean>;
  last_used_at: Timestamp | null;
}

/** A classification: its labels and its tree of coded nodes, replaced as a whole on change. */
export interface ClassificationTable {
  id: string;
  labels: JSONColumnType<{ de: string; en: string }>;
  descriptions: JSONColumnType<{ de?: string; en?: string }> | null;
  nodes: JSONColumnType<unknown[]>;
  modified_at: Timestamp;
  /** Name of the administrator who stored it; null for the seeded version. */
  modified_by: string | null;
}

/** Bytes stored once under their SHA-256 in `DATA_DIR/blobs/`. */
export interface BlobTable {
  sha256: string;
  size: number;
  /** Media type sniffed when the bytes first arrived. */
  media_type: string;
  created_at: Timestamp;
}

/** A named group of files of an object; `display` false hides it from readers who may not write. */
export interface BundleTable {
  object_id: string;
  name: string;
  display: Generated<boolean>;
  description: Generated<string>;
  sort_order: number;
}
/** A bundle as read. */
export type BundleRow = Selectable<BundleTable>;

/** A file: a path (NFC) in a bundle, pointing to the blob holding its bytes. */
export interface FileTable {
  object_id: string;
  bundle: string;
  path: string;
  sha256: string;
  size: number;
  media_type: string;
  is_index: Generated<boolean>;
  modified_at: Timestamp;
}
/** A file as read. */
export type FileRow = Selectable<FileTable>;

/** A key the server signs with (signed file URLs), shared by all processes. */
export interface ServerSecretTable {
  name: string;
  /** base64url of 32 random bytes. */
  secret: string;
  created_at: Timestamp;
}

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** A user account. `name_key` is the lower-cased name that keeps names unique. */
export interface AccountTable {
  id: string;
  name: string;
  name_key: string;
  email: Generated<string>;
  description: Generated<string>;
  given_name: Generated<string>;
  surname: Generated<string>;
  realm: Generated<string>;
  enabled: Generated<boolean>;
  /** Argon2id hash in PHC format; null for accounts that cannot sign in with a password. */
  password_hash: string | null;
  /** Attributes from an external realm (name → values); an account with them is read-only. */
  attributes: JSONColumnType<Record<string, string[]>> | null;
  created_at: Generated<Date>;
  modified_at: Timestamp;
  /** Grows with every change an administrator or the owner saves (migration 0012). */
  version: Generated<number>;
  /** Set with a password an administrator chose; cleared when the owner picks a new one. */
  must_change_password: Generated<boolean>;
  last_login_at: Timestamp | null;
}

export interface UserGroupTable {
  id: string;
  name: string;
  name_key: string;
  description: Generated<string>;
  label_de: Generated<string>;
  label_en: Generated<string>;
  version: Generated<number>;
}

/** One administrative, access-control or workflow change; never updated or deleted. */
export interface AuditEntryTable {
  id: Generated<string>;
  at: Timestamp;
  actor: string;
  action: string;
  target_kind: string;
  target: string;
  details: JSONColumnType<Record<string, unknown>>;
  request_id: Generated<string>;
}

export interface RoleTable {
  name: string;
  description: Generated<string>;
}

export interface GroupMemberTable {
  group_id: string;
  account_id: string;
}

export interface GroupRoleTable {
  group_id: string;
  role_name: string;
}

export interface AccountRoleTable {
  account_id: string;
  role_name: string;
}

/** A sign-in session. Only the SHA-256 of the session id is stored. */
export interface SessionTable {
  id_hash: string;
  account_id: string;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  address: Generated<string>;
  user_agent: Generated<string>;
}

/**
 * Password checks of one account name from one address in the current window, or from all
 * addresses (`address` = `*`) for the account-wide back-off.
 */
export interface LoginThrottleTable {
  name_key: string;
  address: string;
  window_start: Timestamp;
  attempts: number;
  /** Account-wide row: the earliest time of the next password check. */
  next_at: Timestamp | null;
  /** Address row: the last successful sign-in of the account from this address. */
  signed_in_at: Timestamp | null;
}

/** One row per seed step that has been applied, so each step runs once per database. */
export interface SeedRunTable {
  name: string;
  applied_at: Generated<Date>;
}

/** The searchable form of an object (migration 0007, modules/search). */
export interface SearchDocumentTable {
  object_id: string;
  type: string;
  state: string;
  readers: string[];
  doc: string;
  /** The pairs of adjacent words (migration 0008). */
  pairs: string;
  facets: string[];
  title_de: string | null;
  title_en: string | null;
  title_sort: string;
  ref_date: string | null;
  temporal_start: string | null;
  temporal_end: string | null;
  created: Timestamp;
  modified: Timestamp;
  west: number | null;
  south: number | null;
  east: number | null;
  north: number | null;
  extent: string | null;
  extent2: string | null;
  footprint: JSONColumnType<Record<string, unknown>> | null;
  map_services: boolean;
  /** Hosts of the record's map services as `host:port` (migration 0014). */
  service_hosts: Generated<string[]>;
}

/** Titles and keywords for suggestions. */
export interface SearchTermTable {
  object_id: string;
  kind: string;
  term: string;
  norm: string;
}

export interface SearchIndexStateTable {
  name: string;
  version: number;
  built_at: Timestamp;
}

/** A background job (migration 0013, modules/processes). */
export interface ProcessJobTable {
  id: string;
  kind: string;
  params: JSONColumnType<Record<string, unknown>>;
  state: 'queued' | 'running' | 'succeeded' | 'failed' | 'canceled';
  progress: Generated<number>;
  message: Generated<string>;
  done: number | null;
  total: number | null;
  result: JSONColumnType<Record<string, unknown>> | null;
  error: string | null;
  tries: Generated<number>;
  max_tries: number;
  cancel_requested: Generated<boolean>;
  started_by: string | null;
  schedule_id: string | null;
  scheduled_for: Timestamp | null;
  queued_at: Timestamp;
  run_after: Timestamp;
  started_at: Timestamp | null;
  finished_at: Timestamp | null;
  lease_owner: string | null;
  heartbeat_at: Timestamp | null;
  log_lines: Generated<number>;
  change_seq: Generated<number>;
  /**
   * The work a job does, when only one job of it may wait or run at a time (`system:<kind>`,
   * `harvest:<id>`): unique among queued and running jobs (migration 0025).
   */
  dedupe_key: string | null;
}
export type ProcessJobRow = Selectable<ProcessJobTable>;

/** One line of a job's log; `seq` counts from 1 per job. */
export interface ProcessLogTable {
  job_id: string;
  seq: number;
  at: Timestamp;
  level: 'info' | 'warn' | 'error';
  text: string;
}

/** A recurring job: the cron expression queues `kind` with `params` at each due time. */
export interface ProcessScheduleTable {
  id: string;
  kind: string;
  params: JSONColumnType<Record<string, unknown>>;
  cron: string;
  enabled: boolean;
  next_run_at: Timestamp | null;
  last_run_at: Timestamp | null;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export type ProcessScheduleRow = Selectable<ProcessScheduleTable>;

/** The last link check of one online-resource URL of a record (migration 0017). */
export interface RecordLinkStatusTable {
  object_id: string;
  url: string;
  status: 'ok' | 'broken' | 'unreachable' | 'refused';
  http_status: number | null;
  detail: string | null;
  checked_at: Timestamp;
}
export type RecordLinkStatusRow = Selectable<RecordLinkStatusTable>;

/**
 * The last change of a record's public visibility (migration 0019), kept after the record is
 * gone: OAI-PMH answers records that stopped being public as deleted.
 */
export interface OaiVisibilityChangeTable {
  object_id: string;
  changed_at: Timestamp;
  /** The record's sets as search facets (`type=dataset`, `inspireTheme=hy`). */
  sets: Generated<string[]>;
}

/** A remote catalogue pulled in by runs (migration 0020). */
export interface HarvesterTable {
  id: string;
  name: string;
  source_type: 'csw' | 'oai-pmh' | 'ogcapi-records';
  source_url: string;
  source_constraint: string | null;
  schedule_id: string | null;
  owner_id: string;
  group_name: string | null;
  collision: 'skip' | 'keep both';
  publish: boolean;
  deleting: Generated<boolean>;
  created_at: Timestamp;
  modified_at: Timestamp;
}
export type HarvesterRow = Selectable<HarvesterTable>;

/** Where a harvested record comes from; its presence makes the record read-only. */
export interface HarvestRecordTable {
  object_id: string;
  harvester_id: string;
  remote_id: string;
  /** How the remote's listing names it (an OAI-PMH header identifier); null until known. */
  listed_id: string | null;
  datestamp: string | null;
  fingerprint: string;
  last_harvest: Timestamp;
}
export type HarvestRecordRow = Selectable<HarvestRecordTable>;

/** The counts of one harvest run (a `harvest.run` process). */
export interface HarvestRunTable {
  process_id: string;
  harvester_id: string;
  counts: JSONColumnType<Record<string, number>>;
  message: string | null;
  queued_at: Timestamp;
}
