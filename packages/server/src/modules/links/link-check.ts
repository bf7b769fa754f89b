import type { LinkState } from '@geoportal/contract/record-links';
import type { Db } from '../../db/database.js';
import {
  type LinkProbe,
  type LinkProbeOptions,
  probeLink,
  type Resolve,
} from '../outbound/outbound.service.js';
import * as repo from './link-status.repository.js';

/** Records read per query; their links are then checked one at a time. */
const PAGE = 100;

/** Links of other schemes (ftp) are not checked: the address rule covers HTTP only. */
const checkedScheme = /^https?:\/\//i;

export interface LinkCheckOptions {
  /** `GEO_PROXY_ALLOW_PRIVATE` as `allowPrivate`, and `GEO_PROXY_TIMEOUT` (`config.geo`). */
  config: LinkProbeOptions['config'];
  resolve: Resolve;
  userAgent: string;
  /** One record; absent: every record. */
  recordId?: string | undefined;
  signal: AbortSignal;
  now: () => Date;
  /** Called after each record's statuses are stored: the job reports progress here. */
  onRecord(progress: { done: number; total: number }): void;
  /**
   * Throws when the run must stop. Called after each link, before anything is stored: a
   * request cut short by a cancel is no finding about the link.
   */
  checkpoint(): void;
  onLink(recordId: string, url: string, probe: LinkProbe): void;
}

export type LinkCheckCounts = { records: number; links: number; skipped: number } & Record<
  LinkState,
  number
>;

/**
 * The link check (issue 20): requests every http(s) online resource of every record (or of
 * one) and replaces the record's stored statuses with what it found. A record is stored
 * whole after its links are checked, so a cancel between records leaves each record with
 * either its old or its new statuses.
 */
export async function checkLinks(db: Db, options: LinkCheckOptions): Promise<LinkCheckCounts> {
  const counts: LinkCheckCounts = {
    records: 0,
    links: 0,
    skipped: 0,
    ok: 0,
    broken: 0,
    unreachable: 0,
    refused: 0,
  };
  const total = await repo.countRecords(db, options.recordId);
  let after = '';
  for (;;) {
    const page = await repo.listRecordsAfter(db, after, PAGE, options.recordId);
    if (page.length === 0) break;
    for (const record of page) {
      const rows: repo.LinkStatusInsert[] = [];
      for (const url of onlineResourceUrls(record.metadata)) {
        if (!checkedScheme.test(url)) {
          counts.skipped += 1;
          continue;
        }
        const probe = await probeLink(url, {
          config: options.config,
          resolve: options.resolve,
          userAgent: options.userAgent,
          signal: options.signal,
        });
        options.checkpoint();
        options.onLink(record.id, url, probe);
        counts.links += 1;
        counts[probe.status] += 1;
        rows.push({
          url,
          status: probe.status,
          http_status: 'httpStatus' in probe ? probe.httpStatus : null,
          detail: 'detail' in probe ? probe.detail.slice(0, 500) : null,
          checked_at: options.now(),
        });
      }
      await repo.replaceForRecord(db, record.id, rows);
      counts.records += 1;
      options.onRecord({ done: counts.records, total: Math.max(total, counts.records) });
      options.checkpoint();
    }
    after = page[page.length - 1]?.id ?? after;
  }
  return counts;
}

/** The distinct URLs of a record's online resources, in the record's order. */
export function onlineResourceUrls(metadata: Record<string, unknown>): string[] {
  const resources = metadata.onlineResources;
  if (!Array.isArray(resources)) return [];
  const urls = resources
    .map((resource) => (resource as { url?: unknown })?.url)
    .filter((url): url is string => typeof url === 'string');
  return [...new Set(urls)];
}
