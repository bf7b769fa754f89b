import type { AuditList, AuditQuery } from '@geoportal/contract/users';
import type { Db } from '../../db/database.js';
import type { Auth } from '../access/access.service.js';
import * as repo from './audit.repository.js';

/** Who changes something and in which request: the same for every entry of a request. */
export interface AuditSource {
  /** The name of the signed-in account that makes the change. */
  actor: string;
  /** Fastify's request id, so an entry can be found in the server's log. */
  requestId: string;
  now: Date;
}

/** The source of the changes of one request, from its context. */
export function auditSource(ctx: { auth: Auth | null; requestId: string; now: Date }): AuditSource {
  // Every audited path requires a signed-in caller; the fallback only keeps the type honest.
  return { actor: ctx.auth?.principal.name ?? '', requestId: ctx.requestId, now: ctx.now };
}

export interface AuditChange {
  /** `<kind>.<verb>`, e.g. `user.disable`, `group.member_add`, `object.transition`. */
  action: string;
  targetKind: 'user' | 'group' | 'object' | 'process' | 'schedule' | 'harvester';
  target: string;
  /** Before and after of the changed fields; never a password or a hash. */
  details?: Record<string, unknown>;
}

/** Fields whose values must never reach the audit log, whatever a caller passes. */
const SECRET_FIELD = /password|hash|secret|token/i;

/**
 * Writes one audit entry. Pass the transaction of the change itself, so the entry exists
 * exactly when the change does: a change that rolls back leaves no entry.
 */
export async function writeAudit(trx: Db, source: AuditSource, change: AuditChange) {
  await writeAudits(trx, source, [change]);
}

/** Writes one audit entry per change in one statement (batch writes of the object kernel). */
export async function writeAudits(
  trx: Db,
  source: AuditSource,
  changes: readonly AuditChange[],
): Promise<void> {
  if (changes.length === 0) return;
  await repo.insertAuditRows(
    trx,
    changes.map((change) => ({
      at: source.now,
      actor: source.actor,
      action: change.action,
      target_kind: change.targetKind,
      target: change.target,
      details: withoutSecrets(change.details ?? {}),
      request_id: source.requestId,
    })),
  );
}

/** Drops secret fields at every depth: process parameters, for one, are nested objects. */
function withoutSecrets(details: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(details)
      .filter(([key]) => !SECRET_FIELD.test(key))
      .map(([key, value]) => [key, withoutSecretsIn(value)]),
  );
}

function withoutSecretsIn(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecretsIn);
  if (value !== null && typeof value === 'object') {
    return withoutSecrets(value as Record<string, unknown>);
  }
  return value;
}

/**
 * `{ field: { before, after } }` for each field whose value differs between the two states
 * (compared as JSON, so lists in a different order count as changed only when sorted apart).
 */
export function changedFields<T extends Record<string, unknown>>(
  before: T,
  after: Partial<T>,
): Record<string, { before: unknown; after: unknown }> {
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  for (const [key, value] of Object.entries(after)) {
    if (value === undefined) continue;
    if (JSON.stringify(before[key]) !== JSON.stringify(value)) {
      changes[key] = { before: before[key], after: value };
    }
  }
  return changes;
}

/** The entries matching the query, newest first. */
export async function listAudit(db: Db, query: ReturnType<typeof parseQuery>): Promise<AuditList> {
  const { numFound, docs } = await repo.listAuditRows(db, query, query.start, query.rows);
  return {
    numFound,
    start: query.start,
    rows: query.rows,
    docs: docs.map((row) => ({
      id: Number(row.id),
      at: new Date(row.at).toISOString(),
      actor: row.actor,
      action: row.action,
      targetKind: row.target_kind,
      target: row.target,
      details: row.details,
      requestId: row.request_id,
    })),
  };
}

/** The validated query with its times as dates. */
export function parseQuery(query: AuditQuery & { start: number; rows: number }) {
  return {
    ...query,
    from: query.from ? new Date(query.from) : undefined,
    to: query.to ? new Date(query.to) : undefined,
  };
}
