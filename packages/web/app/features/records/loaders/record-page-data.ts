import type { Language } from '@geoportal/contract/i18n';
import type { RecordView } from '../../../lib/api/get-record';
import type { DatasetJsonLd } from '../model/dataset-json-ld';
import type { RecordClassifications } from '../model/record-classifications';

/**
 * The data of the record page (`metadata.record`), from the server loader and then from the
 * browser's `clientLoader`.
 */
export interface RecordPageData {
  /** The record id of the address. */
  id: string;
  /** The page language the data was loaded for (breadcrumb and title need it). */
  lang: Language;
  /** The API base the browser uses (`ClientConfig.apiBase`), for the browser's reads. */
  apiBase: string;
  /** The record as the caller may see it; null when they may not read it (or it is gone). */
  record: RecordView | null;
  /**
   * The classifications whose labels the record shows (resource type, topic categories,
   * keywords, licence, contact roles, protocols), by id. One that failed to load is missing;
   * the page then shows its codes.
   */
  classifications: RecordClassifications;
  /**
   * Whether a visitor may read the record: the server read it without token or key. Such a
   * record's exports are plain links; others must be downloaded with the user's headers.
   */
  visitorCanRead: boolean;
  /**
   * Whether the browser has tried with the user's token and key. The server renders as a
   * visitor; a record it cannot read may still be a draft that the user may see, so until the
   * browser has tried, the page says it is checking instead of "not found".
   */
  checked: boolean;
  /** The record cannot be read, but an access key would open it (SPEC §6). */
  keyRequired: boolean;
  /** A held key was sent and refused (wrong, expired or revoked); it has been forgotten. */
  keyRejected: boolean;
  /**
   * The schema.org description of the record, built on the server from the visitor's view of
   * a published record; null for everything else. The browser keeps it as it is, so a signed-in
   * user's own view (a draft, a restricted record, unreviewed changes) is never described.
   */
  jsonLd: DatasetJsonLd | null;
}

/** Whether route data is the record page's (breadcrumb functions receive `unknown`). */
export function isRecordPageData(value: unknown): value is RecordPageData {
  return typeof value === 'object' && value !== null && 'record' in value && 'lang' in value;
}
