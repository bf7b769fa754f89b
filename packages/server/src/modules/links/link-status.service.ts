import type { LinkStatus } from '@geoportal/contract/record-links';
import type { Db } from '../../db/database.js';
import { listForRecord } from './link-status.repository.js';

/**
 * The last link check of a record's online resources, as the record's detailed
 * representation carries it for those who may edit the record.
 */
export async function linkStatusOf(db: Db, objectId: string): Promise<LinkStatus[]> {
  const rows = await listForRecord(db, objectId);
  return rows.map((row) => ({
    url: row.url,
    status: row.status,
    httpStatus: row.http_status,
    detail: row.detail,
    checkedAt: row.checked_at.toISOString(),
  }));
}
