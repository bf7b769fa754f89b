import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import {
  type CatalogueConfig,
  CatalogueEnvironment,
  type CatalogueTexts,
  catalogueConfig,
  configuredTitle,
} from './catalogue.config.js';
import { type CswConfig, CswEnvironment, cswConfig } from './modules/csw/csw.config.js';
import { BasemapsJson, GEO_DEFAULTS, type GeoServiceConfig } from './modules/geo/geo.config.js';
import {
  type HarvestConfig,
  HarvestEnvironment,
  harvestConfig,
} from './modules/harvest/harvest.config.js';
import { HostList } from './modules/outbound/address-policy.js';

export type { CatalogueConfig, CatalogueTexts, CswConfig };

/**
 * The whole configuration, read once from the environment by `loadConfig` and passed down.
 * Nothing else reads `process.env`. Every variable is documented in the README.
 */
export interface Config {
  /** TCP port to listen on (`PORT`, default 8085, the development port of SPEC §9). */
  port: number;
  /** Interface to bind (`HOST`, default `localhost`; `0.0.0.0` to accept remote clients). */
  host: string;
  /** Folder for the embedded database and the file store (`DATA_DIR`, default `./data`). */
  dataDir: string;
  /** PostgreSQL server URL (`DATABASE_URL`); unset means the embedded PGlite in `DATA_DIR/db`. */
  databaseUrl: string | undefined;
  /** Schema the tables live in on a PostgreSQL server (`DATABASE_SCHEMA`, default `public`). */
  databaseSchema: string;
  /** Public address of the site, used for canonical links (`PUBLIC_URL`). */
  publicUrl: string;
  /** API base the browser uses (`API_BASE`, default `/api/v1`). */
  apiBase: string;
  /** API base used while rendering on the server (`SSR_API_BASE`, default this process). */
  ssrApiBase: string;
  /** Whether the username/password form is offered (`FORM_LOGIN`, default true). */
  formLogin: boolean;
  /** Seed demo content into a fresh database (`DEMO_DATA`, default true on the embedded database). */
  demoData: boolean;
  /** Password of the `admin` account created without demo data (`ADMIN_PASSWORD`). */
  adminPassword: string | undefined;
  /** Largest accepted file upload in bytes (`MAX_UPLOAD_BYTES`, default 1 GiB). */
  maxUploadBytes: number;
  /** Largest accepted JSON request body in bytes (`MAX_BODY_BYTES`, default 1 MiB). */
  maxBodyBytes: number;
  /** Log level (`LOG_LEVEL`: fatal, error, warn, info, debug, trace or silent; default info). */
  logLevel: LogLevel;
  /**
   * How log lines are written (`LOG_FORMAT`): `json` (one object per line, for collectors) or
   * `pretty` (readable lines); unset: pretty when the output is a terminal, else JSON.
   */
  logFormat: LogFormat | undefined;
  /** Session ends after this many seconds without a request (`SESSION_IDLE_TIMEOUT`, default 2h). */
  sessionIdleTimeoutSeconds: number;
  /** Session ends this many seconds after sign-in at the latest (`SESSION_ABSOLUTE_TIMEOUT`, default 12h). */
  sessionAbsoluteTimeoutSeconds: number;
  /** Seconds to let in-flight requests finish on shutdown before closing anyway (`SHUTDOWN_TIMEOUT`, default 10s). */
  shutdownTimeoutSeconds: number;
  /** Trust `X-Forwarded-*` headers from a reverse proxy (`TRUST_PROXY`, default false). */
  trustProxy: boolean;
  /**
   * Folder of the static pages, `<name>.<lang>.md`, which operators edit (`CONTENT_DIR`,
   * default the `content/` folder at the repository root).
   */
  contentDir: string;
  /** How long one search statement may run before it is cancelled (`SEARCH_TIMEOUT`, default 10s). */
  searchTimeoutMs: number;
  /** The geo service under /geoth: proxy allow-lists and limits, operator basemaps (`GEO_*`). */
  geo: GeoServiceConfig;
  /**
   * The catalogue's identity, per language: title, description, keywords, provider
   * (publisher), contact, default language (`CATALOGUE_*`, formerly `CSW_*`). CSW, OGC API
   * Records, DCAT and OAI-PMH describe the catalogue with it.
   */
  catalogue: CatalogueConfig;
  /** The catalogue service under /csw: its page limit (`CSW_MAX_RECORDS`). */
  csw: CswConfig;
  /** The OAI-PMH interface under /oai: how it names itself and its page size (`OAI_*`). */
  oai: OaiConfig;
  /** The sitemap for search engines under /sitemap.xml (`SITEMAP_*`). */
  sitemap: SitemapConfig;
  /** The DCAT-AP.de catalogue under /dcat: its page size, publisher and contributor id (`DCAT_*`). */
  dcat: DcatConfig;
  /** Background jobs (`PROCESS_*`, modules/processes). */
  processes: ProcessesConfig;
  /** Harvesting of remote catalogues: deletion threshold and run limits (`HARVEST_*`). */
  harvest: HarvestConfig;
  /**
   * The account whose identity and rights `npm run cli` uses (`CLI_USER`, default `admin`):
   * its commands obey that account's roles and its changes are audited under its name.
   */
  cliUser: string;
}

/** What the OAI-PMH Identify answer says, and how many records one list answer holds. */
export interface OaiConfig {
  /**
   * `repositoryName` (`OAI_REPOSITORY_NAME`, default the catalogue's title in its default
   * language where a variable sets one, else `Geoportal catalogue`).
   */
  repositoryName: string;
  /**
   * `adminEmail` (`OAI_ADMIN_EMAIL`, default the catalogue's `CATALOGUE_CONTACT_EMAIL`, else
   * `webmaster@` the host of `PUBLIC_URL`). OAI-PMH requires one; set it to a mailbox that
   * is read.
   */
  adminEmail: string;
  /**
   * The middle part of the OAI identifiers `oai:<this>:<record id>`
   * (`OAI_REPOSITORY_IDENTIFIER`, default the host name of `PUBLIC_URL`). Keep it stable:
   * harvesters know the records by these identifiers.
   */
  repositoryIdentifier: string;
  /** Records or headers in one ListRecords/ListIdentifiers answer (`OAI_PAGE_SIZE`, default 100). */
  pageSize: number;
}

/** The sitemap search engines read (modules/sitemap). */
export interface SitemapConfig {
  /**
   * Record addresses in one sitemap file (`SITEMAP_PAGE_SIZE`, default and most 50,000, the
   * limit of the sitemaps.org protocol); the sitemap index lists as many files as needed.
   */
  pageSize: number;
}

/** The DCAT-AP.de catalogue (`/dcat/catalog.{ttl,rdf,jsonld}`, modules/dcat). */
export interface DcatConfig {
  /** Datasets on one page of the catalogue (`DCAT_PAGE_SIZE`, default 100, at most 1000). */
  pageSize: number;
  /**
   * `dcatde:contributorID` of every dataset (`DCAT_CONTRIBUTOR_ID`): the site's entry in
   * GovData's list http://dcat-ap.de/def/contributors/, which GovData assigns. Unset, the
   * datasets carry none (DCAT-AP.de's conventions ask for it when delivering to GovData).
   */
  contributorId: string | undefined;
  /**
   * The catalogue's publisher, and the datasets' where a record names no publisher
   * (`DCAT_PUBLISHER_NAME`, default the catalogue's provider name in its default language).
   */
  publisherName: string;
}

/** How this process's worker takes and runs background jobs. */
export interface ProcessesConfig {
  /** Whether this process runs a worker at all (`PROCESS_WORKER`, default true). */
  worker: boolean;
  /** Jobs this process runs at the same time (`PROCESS_CONCURRENCY`, default 2). */
  concurrency: number;
  /** Pause between two looks at the queue and the schedules (`PROCESS_POLL_INTERVAL`, default 1s). */
  pollIntervalMs: number;
  /**
   * A running job whose process showed no sign of life for this long is taken up again, or
   * failed after its last try (`PROCESS_LEASE_TIMEOUT`, default 60s; heartbeats come at a
   * quarter of it).
   */
  leaseTimeoutMs: number;
  /** Wait before the next try of a failed job, times the tries so far (`PROCESS_RETRY_DELAY`, default 10s). */
  retryDelayMs: number;
  /** Finished jobs are kept this long, then purged (`PROCESS_RETENTION`, default 30 days). */
  retentionSeconds: number;
}

/**
 * The repository's `content/` folder. Resolved from this file, not the working directory,
 * so it is the same whether the server runs from `dist/` or from `src/` (tests): both lie
 * three levels below the repository root.
 */
export const DEFAULT_CONTENT_DIR = fileURLToPath(new URL('../../../content', import.meta.url));

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];
const logFormats = ['json', 'pretty'] as const;
export type LogFormat = (typeof logFormats)[number];

const durationUnits = { s: 1, m: 60, h: 3600, d: 86400 } as const;

/** A duration such as `90`, `90s`, `30m`, `2h` or `1d`, in seconds. */
const duration = z
  .string()
  .regex(/^\d+\s*[smhd]?$/, 'expected a duration such as 90s, 30m, 2h or 1d')
  .transform((value) => {
    const unit = value.at(-1) as keyof typeof durationUnits;
    return unit in durationUnits ? Number.parseInt(value, 10) * durationUnits[unit] : Number(value);
  })
  .refine((seconds) => seconds > 0, 'must be greater than zero');

/** A duration in milliseconds such as `500ms`, `10s` or `2m`. */
const millis = z
  .string()
  .regex(/^\d+\s*(ms|s|m)$/, 'expected a duration such as 500ms, 10s or 2m')
  .transform((value) => {
    const amount = Number.parseInt(value, 10);
    return value.endsWith('ms') ? amount : value.endsWith('s') ? amount * 1000 : amount * 60_000;
  })
  .refine((ms) => ms > 0, 'must be greater than zero');

const flag = z
  .string()
  .transform((value) => value.trim().toLowerCase())
  .pipe(z.enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off']))
  .transform((value) => ['true', '1', 'yes', 'on'].includes(value));

const positiveInteger = z
  .string()
  .regex(/^\d+$/, 'expected a whole number')
  .transform(Number)
  .refine((n) => n > 0 && Number.isSafeInteger(n), 'must be a positive whole number');

/** The most addresses one sitemap file may hold (sitemaps.org protocol). */
export const SITEMAP_MAX_URLS = 50_000;

const httpUrl = z.url({ protocol: /^https?$/, error: 'expected an http(s) URL' });

/** Raw environment variables and their parsing rules; unset or empty means the default. */
const Environment = z.object({
  PORT: positiveInteger.refine((n) => n < 65536, 'must be a port number (1–65535)').optional(),
  HOST: z.string().min(1).optional(),
  DATA_DIR: z.string().min(1).optional(),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: 'expected a postgres:// or postgresql:// URL' })
    .optional(),
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/, 'expected a lower-case SQL identifier')
    .optional(),
  PUBLIC_URL: httpUrl.optional(),
  API_BASE: z
    .string()
    .regex(/^(\/|https?:\/\/)\S*$/, 'expected a path starting with / or an http(s) URL')
    .optional(),
  SSR_API_BASE: httpUrl.optional(),
  FORM_LOGIN: flag.optional(),
  DEMO_DATA: flag.optional(),
  ADMIN_PASSWORD: z.string().min(8, 'must have at least 8 characters').optional(),
  MAX_UPLOAD_BYTES: positiveInteger.optional(),
  MAX_BODY_BYTES: positiveInteger.optional(),
  LOG_LEVEL: z.enum(logLevels).optional(),
  LOG_FORMAT: z.enum(logFormats).optional(),
  SESSION_IDLE_TIMEOUT: duration.optional(),
  SESSION_ABSOLUTE_TIMEOUT: duration.optional(),
  SHUTDOWN_TIMEOUT: duration.optional(),
  TRUST_PROXY: flag.optional(),
  CONTENT_DIR: z.string().min(1).optional(),
  SEARCH_TIMEOUT: millis.optional(),
  GEO_PROXY_ALLOW: HostList.optional(),
  GEO_PROXY_ALLOW_PRIVATE: HostList.optional(),
  GEO_PROXY_RECORD_HOSTS: flag.optional(),
  GEO_PROXY_MAX_BYTES: positiveInteger.optional(),
  GEO_PROXY_TIMEOUT: duration.optional(),
  GEO_PROXY_CLIENT_CONCURRENCY: positiveInteger.optional(),
  GEO_PROXY_CONCURRENCY: positiveInteger.optional(),
  GEO_BASEMAPS: BasemapsJson.optional(),
  ...CatalogueEnvironment,
  ...CswEnvironment,
  OAI_REPOSITORY_NAME: z.string().trim().min(1).max(500).optional(),
  OAI_ADMIN_EMAIL: z.email('expected an e-mail address').optional(),
  OAI_REPOSITORY_IDENTIFIER: z
    .string()
    .regex(
      /^[A-Za-z0-9][A-Za-z0-9.-]{0,199}$/,
      'expected a host name such as geoportal.example.org',
    )
    .optional(),
  OAI_PAGE_SIZE: positiveInteger.refine((n) => n <= 1000, 'must be at most 1000').optional(),
  SITEMAP_PAGE_SIZE: positiveInteger
    .refine((n) => n <= SITEMAP_MAX_URLS, `must be at most ${SITEMAP_MAX_URLS}`)
    .optional(),
  DCAT_PAGE_SIZE: positiveInteger.refine((n) => n <= 1000, 'must be at most 1000').optional(),
  DCAT_CONTRIBUTOR_ID: z
    .url()
    .regex(
      /^http:\/\/dcat-ap\.de\/def\/contributors\/[\w-]+$/,
      'expected an entry of http://dcat-ap.de/def/contributors/',
    )
    .optional(),
  DCAT_PUBLISHER_NAME: z.string().trim().min(1).max(500).optional(),
  PROCESS_WORKER: flag.optional(),
  PROCESS_CONCURRENCY: positiveInteger.optional(),
  PROCESS_POLL_INTERVAL: millis.optional(),
  PROCESS_LEASE_TIMEOUT: millis.optional(),
  PROCESS_RETRY_DELAY: millis.optional(),
  PROCESS_RETENTION: duration.optional(),
  CLI_USER: z.string().trim().min(1).max(64).optional(),
  ...HarvestEnvironment,
});

/** Start-up stops with this error; its message names every bad variable. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Parses the environment into a `Config`. Empty strings count as unset so that `FOO=` in an
 * env file falls back to the default instead of failing.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(
    Object.keys(Environment.shape)
      .map((key) => [key, env[key]?.trim()])
      .filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = Environment.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = String(issue.path[0]);
        return `${name}=${JSON.stringify(present[name])}: ${issue.message}`;
      }),
    );
  }
  const e = parsed.data;
  const port = e.PORT ?? 8085;
  const publicUrl = stripTrailingSlash(e.PUBLIC_URL ?? `http://localhost:${port}`);
  const publicHost = new URL(publicUrl).hostname.replace(/^\[|\]$/g, '');
  const catalogue = catalogueConfig(e);
  const config: Config = {
    port,
    host: e.HOST ?? 'localhost',
    dataDir: path.resolve(e.DATA_DIR ?? 'data'),
    databaseUrl: e.DATABASE_URL,
    databaseSchema: e.DATABASE_SCHEMA ?? 'public',
    publicUrl,
    apiBase: stripTrailingSlash(e.API_BASE ?? '/api/v1'),
    ssrApiBase: stripTrailingSlash(e.SSR_API_BASE ?? `http://127.0.0.1:${port}/api/v1`),
    formLogin: e.FORM_LOGIN ?? true,
    demoData: e.DEMO_DATA ?? e.DATABASE_URL === undefined,
    adminPassword: e.ADMIN_PASSWORD,
    maxUploadBytes: e.MAX_UPLOAD_BYTES ?? 1024 ** 3,
    maxBodyBytes: e.MAX_BODY_BYTES ?? 1024 ** 2,
    logLevel: e.LOG_LEVEL ?? 'info',
    logFormat: e.LOG_FORMAT,
    sessionIdleTimeoutSeconds: e.SESSION_IDLE_TIMEOUT ?? 2 * 3600,
    sessionAbsoluteTimeoutSeconds: e.SESSION_ABSOLUTE_TIMEOUT ?? 12 * 3600,
    shutdownTimeoutSeconds: e.SHUTDOWN_TIMEOUT ?? 10,
    trustProxy: e.TRUST_PROXY ?? false,
    contentDir: e.CONTENT_DIR ? path.resolve(e.CONTENT_DIR) : DEFAULT_CONTENT_DIR,
    searchTimeoutMs: e.SEARCH_TIMEOUT ?? 10_000,
    geo: {
      proxyAllow: e.GEO_PROXY_ALLOW ?? [],
      proxyAllowPrivate: e.GEO_PROXY_ALLOW_PRIVATE ?? [],
      proxyRecordHosts: e.GEO_PROXY_RECORD_HOSTS ?? true,
      proxyMaxBytes: e.GEO_PROXY_MAX_BYTES ?? GEO_DEFAULTS.proxyMaxBytes,
      proxyTimeoutMs: (e.GEO_PROXY_TIMEOUT ?? GEO_DEFAULTS.proxyTimeoutMs / 1000) * 1000,
      proxyClientConcurrency: e.GEO_PROXY_CLIENT_CONCURRENCY ?? GEO_DEFAULTS.proxyClientConcurrency,
      proxyConcurrency: e.GEO_PROXY_CONCURRENCY ?? GEO_DEFAULTS.proxyConcurrency,
      basemaps: e.GEO_BASEMAPS ?? [],
    },
    catalogue,
    csw: cswConfig(e),
    oai: {
      repositoryName: e.OAI_REPOSITORY_NAME ?? configuredTitle(e) ?? 'Geoportal catalogue',
      adminEmail: e.OAI_ADMIN_EMAIL ?? catalogue.contactEmail ?? `webmaster@${publicHost}`,
      repositoryIdentifier: e.OAI_REPOSITORY_IDENTIFIER ?? publicHost,
      pageSize: e.OAI_PAGE_SIZE ?? 100,
    },
    sitemap: { pageSize: e.SITEMAP_PAGE_SIZE ?? SITEMAP_MAX_URLS },
    dcat: {
      pageSize: e.DCAT_PAGE_SIZE ?? 100,
      contributorId: e.DCAT_CONTRIBUTOR_ID,
      publisherName:
        e.DCAT_PUBLISHER_NAME ?? catalogue.texts[catalogue.defaultLanguage].providerName,
    },
    processes: {
      worker: e.PROCESS_WORKER ?? true,
      concurrency: e.PROCESS_CONCURRENCY ?? 2,
      pollIntervalMs: e.PROCESS_POLL_INTERVAL ?? 1000,
      leaseTimeoutMs: e.PROCESS_LEASE_TIMEOUT ?? 60_000,
      retryDelayMs: e.PROCESS_RETRY_DELAY ?? 10_000,
      retentionSeconds: e.PROCESS_RETENTION ?? 30 * 86400,
    },
    harvest: harvestConfig(e),
    cliUser: e.CLI_USER ?? 'admin',
  };
  if (config.sessionIdleTimeoutSeconds > config.sessionAbsoluteTimeoutSeconds) {
    throw new ConfigError([
      'SESSION_IDLE_TIMEOUT: must not be longer than SESSION_ABSOLUTE_TIMEOUT',
    ]);
  }
  return config;
}

function stripTrailingSlash(value: string): string {
  return value.length > 1 ? value.replace(/\/+$/, '') : value;
}
