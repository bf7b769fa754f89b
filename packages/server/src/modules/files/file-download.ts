import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FileRow } from '../../db/schema.js';
import { RangeNotSatisfiableError } from './files.errors.js';
import { contentDisposition, contentType, isInlineSafe } from './media-type.js';
import type { BlobStore } from './store.js';

/** Sandbox for anything a browser could run; the file can load nothing and run nothing. */
const SANDBOX_CSP = "sandbox; default-src 'none'";
/**
 * Inline files (images, media, text, JSON) may show themselves but nothing else. PDF is left
 * out of `sandbox`: browsers refuse to start their PDF viewer in a sandboxed document.
 */
const INLINE_CSP =
  "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'";

/** What a download answers with, decided from the request headers and the stored file. */
export type DownloadPlan =
  | { status: 304 }
  | { status: 200; start: 0; end: number }
  | { status: 206; start: number; end: number };

/** The strong entity tag of a file: its content hash. */
function entityTag(file: Pick<FileRow, 'sha256'>): string {
  return `"${file.sha256}"`;
}

/** HTTP dates have whole seconds; comparisons must use the same precision. */
function seconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

/** Whether an `If-None-Match` list names the tag (weak comparison, RFC 9110 §13.1.2). */
function noneMatchHits(header: string, tag: string): boolean {
  if (header.trim() === '*') return true;
  return header.split(',').some((t) => t.trim().replace(/^W\//, '') === tag);
}

/**
 * Conditional and range handling (RFC 9110 §13, §14): `If-None-Match` (or, without it,
 * `If-Modified-Since`) → 304; one `bytes` range → 206, unless `If-Range` names another
 * version; a range outside the file or malformed → 416; several ranges → the whole file;
 * other range units are ignored.
 */
function planDownload(
  headers: FastifyRequest['headers'],
  file: Pick<FileRow, 'sha256' | 'size' | 'modified_at'>,
): DownloadPlan {
  const tag = entityTag(file);
  const whole = { status: 200, start: 0, end: file.size - 1 } as const;
  const noneMatch = headers['if-none-match'];
  if (noneMatch !== undefined) {
    if (noneMatchHits(noneMatch, tag)) return { status: 304 };
  } else {
    const since = Date.parse(headers['if-modified-since'] ?? '');
    if (!Number.isNaN(since) && seconds(file.modified_at) <= Math.floor(since / 1000)) {
      return { status: 304 };
    }
  }
  const range = headers.range?.trim();
  if (!range || !/^bytes=/i.test(range)) return whole;
  const ifRangeHeader = headers['if-range'];
  const ifRange = typeof ifRangeHeader === 'string' ? ifRangeHeader.trim() : undefined;
  if (ifRange) {
    const sameVersion = ifRange.startsWith('"')
      ? ifRange === tag
      : Math.floor(Date.parse(ifRange) / 1000) === seconds(file.modified_at);
    if (!sameVersion) return whole;
  }
  const spec = range.slice(6).trim();
  if (spec.includes(',')) return whole;
  const match = /^(\d*)\s*-\s*(\d*)$/.exec(spec);
  if (!match || (match[1] === '' && match[2] === '')) throw new RangeNotSatisfiableError(file.size);
  const last = file.size - 1;
  let start: number;
  let end: number;
  if (match[1] === '') {
    // `-n`: the last n bytes.
    const suffix = Number(match[2]);
    if (suffix === 0 || file.size === 0) throw new RangeNotSatisfiableError(file.size);
    start = Math.max(0, file.size - suffix);
    end = last;
  } else {
    start = Number(match[1]);
    const requestedEnd = match[2] === '' ? last : Number(match[2]);
    if (start > last || start > requestedEnd) throw new RangeNotSatisfiableError(file.size);
    end = Math.min(requestedEnd, last);
  }
  return { status: 206, start, end };
}

/**
 * Answers a file download: validators, caching, disposition and security headers, then the
 * bytes streamed from the blob (whole or one range; HEAD sends the headers only). Used by
 * every route that hands out file bytes (plain, signed and key URLs).
 */
export async function sendFile(
  request: FastifyRequest,
  reply: FastifyReply,
  store: BlobStore,
  file: FileRow,
  options: { publicAccess: boolean },
) {
  reply
    .header('etag', entityTag(file))
    .header('last-modified', file.modified_at.toUTCString())
    // Revalidate every time: a file may be replaced, hidden or its record withdrawn.
    .header('cache-control', options.publicAccess ? 'public, no-cache' : 'private, no-cache')
    .header('vary', 'AccessToken, X-Access-Key')
    .header('accept-ranges', 'bytes');
  let plan: DownloadPlan;
  try {
    plan = planDownload(request.headers, file);
  } catch (error) {
    if (error instanceof RangeNotSatisfiableError) {
      reply.header('content-range', `bytes */${file.size}`);
    }
    throw error;
  }
  const name = file.path.slice(file.path.lastIndexOf('/') + 1);
  const inline = isInlineSafe(file.media_type);
  reply
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', contentDisposition(inline ? 'inline' : 'attachment', name))
    .header(
      'content-security-policy',
      file.media_type === 'application/pdf'
        ? INLINE_CSP
        : inline
          ? `${INLINE_CSP}; sandbox`
          : SANDBOX_CSP,
    );
  // The record page shows inline files (PDFs above all) in a frame of its own origin; the
  // global `X-Frame-Options: DENY` would stop that. Attachments keep it.
  if (inline) reply.header('x-frame-options', 'SAMEORIGIN');
  // A 304 carries the same policy headers: browsers merge them into the cached answer, and
  // the global defaults (frame-ancestors 'none', DENY) would otherwise replace these.
  if (plan.status === 304) return reply.code(304).send();
  const length = plan.end - plan.start + 1;
  reply
    .code(plan.status)
    .type(contentType(file.media_type))
    .header('content-length', String(length));
  if (plan.status === 206) {
    reply.header('content-range', `bytes ${plan.start}-${plan.end}/${file.size}`);
  }
  if (request.method === 'HEAD' || length === 0) return reply.send();
  // Opened before the headers go out, so that a missing blob is a clean 500, not a cut stream.
  const handle = await store.openBlob(file.sha256);
  // 256 KiB reads: a quarter of the read calls of the default for large files.
  return reply.send(
    handle.createReadStream({ start: plan.start, end: plan.end, highWaterMark: 256 * 1024 }),
  );
}
