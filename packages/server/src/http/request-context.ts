import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import type { Auth } from '../modules/access/access.service.js';
import type { BlobStore } from '../modules/files/store.js';
import type { JobKinds } from '../modules/processes/process-job.js';

/** What every service call needs regardless of the request: database, time, configuration. */
export interface AppContext {
  db: Db;
  /** The time of the request (the app's clock, which tests control). */
  now: Date;
  config: Config;
}

/**
 * The one context of a request, built once by `registerRequestContext` after authentication
 * and read by every route as `request.ctx`. Services take it, or the narrower slice they
 * need (`ObjectContext`, `FilesContext`, `AccessContext`, …), as their first argument.
 */
export interface RequestContext extends AppContext {
  /** The signed-in caller, or null (the same value as `request.auth`). */
  auth: Auth | null;
  /** The `X-Access-Key` header, if any: a key for the object in the path. */
  accessKey?: string | undefined;
  /** The UI language for labels: the first of de/en in `Accept-Language`, else English. */
  language: 'de' | 'en';
  /** The content-addressed blob store of uploaded files. */
  store: BlobStore;
  /** The request's logger; background clean-up reports here and never fails the request. */
  log: FastifyBaseLogger;
  /** Fastify's request id: audit entries carry it, so they can be found in the server log. */
  requestId: string;
  /** Every job kind of this app (job-kinds.ts): starting a process takes its tries from here. */
  jobKinds: JobKinds;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The context of this request (see `RequestContext`). */
    ctx: RequestContext;
  }
}

/** The request-independent part of a context: for hooks, start-up work and tests. */
export function appContext(app: FastifyInstance): AppContext {
  return { db: app.db, now: app.clock(), config: app.config };
}

/** The first of de/en in an `Accept-Language` header, else English. */
export function uiLanguage(header: string | undefined): 'de' | 'en' {
  const first = (header ?? '')
    .split(',')
    .map((part) => part.trim().slice(0, 2).toLowerCase())
    .find((lang) => lang === 'de' || lang === 'en');
  return first === 'de' ? 'de' : 'en';
}

/** Builds the context of a request from the app and the authenticated request. */
function requestContext(app: FastifyInstance, request: FastifyRequest): RequestContext {
  const key = request.headers['x-access-key'];
  return {
    ...appContext(app),
    auth: request.auth,
    accessKey: typeof key === 'string' ? key : undefined,
    language: uiLanguage(request.headers['accept-language']),
    store: app.blobStore,
    log: request.log,
    requestId: request.id,
    jobKinds: app.jobKinds,
  };
}

/**
 * Sets `request.ctx` on every request. Register it right after the authentication hook:
 * hooks run in the order they were added, and the context carries `request.auth`.
 */
export function registerRequestContext(app: FastifyInstance): void {
  app.decorateRequest('ctx', null as unknown as RequestContext);
  app.addHook('onRequest', async (request) => {
    request.ctx = requestContext(app, request);
  });
}
