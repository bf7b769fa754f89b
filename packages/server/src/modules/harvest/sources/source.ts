import type { HarvestSource } from '@geoportal/contract/harvester';
import type { XmlElement } from '../../../xml/xml-document.js';

/**
 * What every source client (CSW, OAI-PMH, OGC API Records) gives the run: pages of remote
 * records, each still unread by the ISO 19139 reader (reading costs; an unchanged record is
 * never read). A source lists in one of two ways (`Listing`): whole records page by page, or
 * identifiers and date stamps only, with the whole records fetched afterwards for the ones
 * that are new or changed (`load`, `loadMany`).
 */

/**
 * `records`: pages of whole records (the first harvest: everything is new anyway).
 * `identifiers`: a light listing (CSW brief, OAI-PMH ListIdentifiers, OGC API items) and the
 * whole record only where needed (docs/decisions.md, "Harvest listing").
 */
export type Listing = 'records' | 'identifiers';

/** One record of a remote answer page. */
export interface RemoteRecord {
  /** The record's identifier at the remote: its gmd:fileIdentifier, else the protocol's. */
  remoteId: string | null;
  /**
   * How the listing names the record: an OAI-PMH header identifier (`oai:host:id`), an OGC
   * API item id; for CSW the file identifier. A light listing that gives only this (OAI-PMH
   * ListIdentifiers) leaves `remoteId` null until the run finds it (harvest-listing.ts).
   */
  listedId?: string | null;
  /** The remote's date stamp of the record (ISO 8601), when it gives one. */
  datestamp: string | null;
  /** The parsed `gmd:MD_Metadata`; null when the remote sent none for this record. */
  element: XmlElement | null;
  /**
   * Fetches the `gmd:MD_Metadata` when the page only links to it (OGC API Records): called
   * only for records that are new or changed.
   */
  load?: () => Promise<XmlElement>;
  /** Why the record cannot be read (with `element` null). */
  problem?: string;
}

export interface SourcePage {
  records: RemoteRecord[];
  /** Whether the remote says more pages follow. */
  more: boolean;
  /** How many records the remote says it holds for the query, when it says so. */
  matched: number | null;
  /**
   * Fetches the whole records of several listed ones in few requests (CSW GetRecordById
   * with many ids); answers per record its `gmd:MD_Metadata` or why there is none. A
   * failing request throws: the run fails as when a listing page fails.
   */
  loadMany?: (records: readonly RemoteRecord[]) => Promise<Map<RemoteRecord, XmlElement | string>>;
}

/** Fetches one URL through the address rule and answers its body. */
export type Fetch = (url: string) => Promise<{ body: Buffer; mediaType: string; url: string }>;

/** A remote's paging as an iterator; the run stops taking pages at its limits. */
export type SourcePages = AsyncGenerator<SourcePage, void, void>;

export interface SourceOptions {
  source: HarvestSource;
  fetch: Fetch;
  pageSize: number;
  listing: Listing;
}

/** A page that breaks the protocol (an endless or backward paging, an error answer). */
export class RemoteProtocolError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RemoteProtocolError';
  }
}

/** The record's `gmd:dateStamp` (a DateTime or a Date), or null. */
export function isoDatestamp(element: XmlElement): string | null {
  const stamp = (element.dateStamp as XmlElement[] | undefined)?.[0];
  if (!stamp) return null;
  for (const name of ['DateTime', 'Date']) {
    const value = (stamp[name] as XmlElement[] | undefined)?.[0]?.['#text'];
    if (typeof value === 'string' && value.trim()) return value.trim();
  }
  return null;
}

/** The `gmd:fileIdentifier` of an `MD_Metadata` element, or null. */
export function isoFileIdentifier(element: XmlElement): string | null {
  const property = (element.fileIdentifier as XmlElement[] | undefined)?.[0];
  const value = (property?.CharacterString as XmlElement[] | undefined)?.[0]?.['#text'];
  const text = typeof value === 'string' ? value.trim() : '';
  return text && text.length <= 255 ? text : null;
}

/** One MD_Metadata element as a remote record. */
export function isoRemoteRecord(element: XmlElement): RemoteRecord {
  return { remoteId: isoFileIdentifier(element), datestamp: isoDatestamp(element), element };
}
