import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { WebConfig } from '@geoportal/contract/web-config';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import { type DatabaseKind, type Db, openDatabase } from './db/database.js';
import { seedDatabase } from './db/seed/seed.js';
import { API_PREFIX } from './http/api-prefix.js';
import { handleClientError, handleFrameworkError } from './http/client-errors.js';
import { registerCompression } from './http/compression.js';
import { registerCsrfProtection } from './http/csrf.js';
import {
  registerErrorHandler,
  registerNotFoundHandler,
  sendRouteNotFound,
} from './http/error-handler.js';
import { type LogStream, loggerOptions, registerRequestLog } from './http/logging.js';
import { registerRequestContext } from './http/request-context.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { jobKinds } from './job-kinds.js';
import { registerAccessPurge } from './modules/access/access.purge.js';
import { accessRoutes } from './modules/access/access.routes.js';
import { registerAuthentication } from './modules/access/auth.hook.js';
import { auditRoutes } from './modules/audit/audit.routes.js';
import { classificationRoutes } from './modules/classifications/classification.routes.js';
import { commandRoutes } from './modules/commands/command.routes.js';
import { contentRoutes } from './modules/content/content.routes.js';
import { cswRoutes } from './modules/csw/csw.routes.js';
import { dcatRoutes } from './modules/dcat/dcat.routes.js';
import { exportDcat } from './modules/dcat/dcat.service.js';
import { registerRecordPageNegotiation } from './modules/dcat/dcat-record-page.js';
import {
  extensions as rdfExtensions,
  mediaTypes as rdfMediaTypes,
} from './modules/dcat/dcat-serialize.js';
import { fileRoutes } from './modules/files/file.routes.js';
import { registerFileStore } from './modules/files/file-store.plugin.js';
import { forgetFileUrlKey } from './modules/files/signed-url.js';
import { geoRoutes } from './modules/geo/geo.routes.js';
import { harvestRoutes } from './modules/harvest/harvest.routes.js';
import { i18nRoutes } from './modules/i18n/i18n.routes.js';
import { loadTranslations } from './modules/i18n/i18n.service.js';
import { mediaRoutes } from './modules/media/media.routes.js';
import { oaiRoutes } from './modules/oai/oai.routes.js';
import { objectRoutes } from './modules/objects/object.routes.js';
import { objectAccessRoutes } from './modules/objects/object-access.routes.js';
import { ogcApiRoutes } from './modules/ogcapi/ogcapi.routes.js';
import type { refuseAddress } from './modules/outbound/address-policy.js';
import { type Resolve, systemResolve } from './modules/outbound/outbound.service.js';
import { previewRoutes } from './modules/preview/preview.routes.js';
import { processRoutes } from './modules/processes/process.routes.js';
import { queueSystemJob } from './modules/processes/process.service.js';
import type { JobKinds } from './modules/processes/process-job.js';
import { registerProcesses } from './modules/processes/processes.plugin.js';
import { searchRoutes } from './modules/search/search.routes.js';
import { ensureSearchIndex } from './modules/search/search-index.js';
import { sitemapRoutes } from './modules/sitemap/sitemap.routes.js';
import { getProductVersion, loadGitInfo } from './modules/system/git-info.js';
import { MemoryCaches } from './modules/system/memory-caches.js';
import { gitInfoRoutes, healthRoutes } from './modules/system/system.routes.js';
import { groupRoutes } from './modules/users/groups.routes.js';
import { userRoutes } from './modules/users/users.routes.js';
import { registerWebApp, type WebBuildLocation } from './modules/web/web.routes.js';
import { composeObjectHooks } from './object-hooks.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The database of this process; closed when the app closes. */
    db: Db;
    /** Which engine `db` runs on. */
    dbKind: DatabaseKind;
    /** Whether the database holds demo data (its demo accounts sign in with known passwords). */
    demoDatabase: boolean;
    config: Config;
    /** The caches this process keeps in memory (`clear caches` empties them). */
    memoryCaches: MemoryCaches;
    /** Every job kind (job-kinds.ts): what the worker runs and what a request may queue. */
    jobKinds: JobKinds;
  }
}

export interface BuildOptions {
  /** The built web application to serve; `null` serves the API only (most tests). */
  web?: WebBuildLocation | null;
  /** File written at build time with commit, branch, build time and version. */
  gitInfoFile?: string | URL;
  /** The current time; tests pass a controllable clock. */
  clock?: () => Date;
  /**
   * Host name lookup of the geo proxy and a harvester's connection test (the outbound client);
   * tests make names resolve to chosen addresses.
   */
  geoResolve?: Resolve;
  /**
   * The proxy's address rule (default `refuseAddress`); tests let loopback through so that
   * hosts of published records can reach their map server on 127.0.0.1.
   */
  geoRefuseAddress?: typeof refuseAddress;
  /** Where log lines go (default standard output); tests read the log from a stream. */
  logStream?: LogStream;
}

/**
 * Builds the whole application: opens and migrates the database, runs the demo seed hook and
 * registers the API, the asset routes and the server-rendered web app. Tests call this with
 * their own configuration; `main.ts` adds listening and shutdown.
 */
export async function buildApp(
  config: Config,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config.logLevel, options.logStream, config.logFormat),
    // Each answer is logged once, by `registerRequestLog`, at a level that fits its status.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: config.maxBodyBytes,
    trustProxy: config.trustProxy,
    // Requests the router or Node's parser refuse answer the uniform error body too.
    frameworkErrors: handleFrameworkError,
    clientErrorHandler: handleClientError,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerRequestLog(app);
  registerErrorHandler(app);
  registerNotFoundHandler(app);
  composeObjectHooks();

  const database = await openDatabase(config, app.log);
  app.decorate('db', database.db);
  app.decorate('dbKind', database.kind);
  app.decorate('config', config);
  app.decorate('clock', options.clock ?? (() => new Date()));
  app.decorate('memoryCaches', new MemoryCaches());
  app.decorate('jobKinds', jobKinds);
  app.memoryCaches.register('file-URL signing key', () => forgetFileUrlKey(database.db));
  app.addHook('onClose', async () => {
    await database.close();
  });

  try {
    const seeded = await seedDatabase(database.db, {
      demoData: config.demoData,
      config,
      now: app.clock,
      log: { info: (m) => app.log.info(m), warn: (m) => app.log.warn(m) },
    });
    app.decorate('demoDatabase', seeded.demo);
    // A new database, or a release that changed the search document, rebuilds the index;
    // a large catalogue as a background process that administrators can watch.
    await ensureSearchIndex(database.db, app.log, {
      background: async () => {
        await queueSystemJob(database.db, jobKinds, 'search.reindex', app.clock());
      },
    });
    // Cleans left-over upload temporaries and unused blobs before anything is served.
    await registerFileStore(app);
    registerProcesses(app);
    const translations = await loadTranslations();
    const gitInfo = loadGitInfo(options.gitInfoFile ?? new URL('./git.json', import.meta.url));

    await app.register(fastifyCookie);
    await registerCompression(app);
    await app.register(fastifyRateLimit, { global: false });
    await registerSecurityHeaders(app, {
      ...(/^https?:\/\//.test(config.apiBase) ? { apiOrigin: new URL(config.apiBase).origin } : {}),
    });
    registerCsrfProtection(app, { secureCookie: config.publicUrl.startsWith('https:') });
    registerAuthentication(app);
    registerAccessPurge(app);
    // After authentication: the context carries the caller.
    registerRequestContext(app);
    // A record page asked for as RDF points to the record's DCAT (dataset IRIs dereference).
    registerRecordPageNegotiation(app);

    await app.register(fastifySwagger, {
      openapi: {
        info: {
          title: 'Geoportal API',
          description: 'Catalogue, repository and access API of the Geoportal.',
          version: getProductVersion(),
        },
        servers: [{ url: config.publicUrl }],
        components: {
          securitySchemes: { AccessToken: { type: 'apiKey', in: 'header', name: 'AccessToken' } },
        },
      },
      transform: jsonSchemaTransform,
      transformObject: jsonSchemaTransformObject,
    });

    await app.register(
      async (api) => {
        await api.register(healthRoutes);
        await api.register(i18nRoutes(translations));
        await api.register(accessRoutes);
        await api.register(objectRoutes, {
          exportRdf: async (ctx, id, format) => ({
            body: await exportDcat(ctx, id, format),
            mediaType: rdfMediaTypes[format],
            extension: rdfExtensions[format],
          }),
        });
        await api.register(objectAccessRoutes);
        // After the object routes, whose fixed words must not be taken for bundle names.
        await api.register(fileRoutes);
        await api.register(previewRoutes);
        await api.register(mediaRoutes);
        await api.register(classificationRoutes);
        await api.register(searchRoutes);
        await api.register(userRoutes);
        await api.register(groupRoutes);
        await api.register(auditRoutes);
        await api.register(
          processRoutes({ events: app.processes.events, wake: () => app.processes.worker.wake() }),
        );
        await api.register(commandRoutes({ wake: () => app.processes.worker.wake() }));
        await api.register(
          harvestRoutes({
            wake: () => app.processes.worker.wake(),
            resolve: options.geoResolve ?? systemResolve,
          }),
        );
        await api.register(contentRoutes(config.contentDir));
        api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
        // The index page links its assets absolutely only when it knows the outer prefix.
        await api.register(fastifySwaggerUi, { routePrefix: '/docs', indexPrefix: API_PREFIX });
        // Anything else under the API prefix is a JSON 404, never the HTML app.
        api.all('/*', { schema: { hide: true } }, sendRouteNotFound);
      },
      { prefix: API_PREFIX },
    );
    await app.register(gitInfoRoutes(gitInfo));
    // Unknown files and geo-service paths are 404s too, never a rendered page.
    app.all('/assets/*', { schema: { hide: true } }, sendRouteNotFound);
    // The geo service (SPEC §7 base /geoth); its unknown paths are JSON 404s as well.
    await app.register(
      geoRoutes({
        config: config.geo,
        resolve: options.geoResolve,
        refuse: options.geoRefuseAddress,
      }),
      {
        prefix: '/geoth',
      },
    );
    // The catalogue service (CSW 2.0.2), with the OWS exception reports of its standard.
    await app.register(cswRoutes, { prefix: '/csw' });
    // OAI-PMH 2.0, with deleted records and the error elements of its protocol.
    await app.register(oaiRoutes, { prefix: '/oai' });
    // OGC API Records Part 1, with the exceptions of its standard.
    await app.register(ogcApiRoutes, { prefix: '/ogcapi' });
    // For search engines: robots.txt and the sitemap of the public pages and records.
    await app.register(sitemapRoutes);
    // DCAT-AP.de for open-data portals (GovData's harvester), paged in Hydra.
    await app.register(dcatRoutes, { prefix: '/dcat' });

    if (options.web) {
      const webConfig: WebConfig = {
        apiBase: config.apiBase,
        ssrApiBase: config.ssrApiBase,
        publicUrl: config.publicUrl,
        formLogin: config.formLogin,
      };
      await registerWebApp(app, options.web, webConfig);
    }
  } catch (error) {
    await app.close();
    throw error;
  }
  return app;
}
