import { AuditList, type AuditQuery } from '@geoportal/contract/users';
import type { HttpClient } from '../../../lib/http/http-client';

/** A page of the audit log, newest first (`GET /audit`). */
export function listAudit(client: HttpClient, query: AuditQuery): Promise<AuditList> {
  return client.get('/audit', {
    query: { ...query },
    noCache: true,
    schema: AuditList,
    invalid: 'an invalid audit list',
  });
}
