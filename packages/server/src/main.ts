import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { DatabaseLockedError } from './db/database-lock.js';
import { startupMessage } from './startup-message.js';

/**
 * Process entry: read the configuration, build the app, listen, and shut down gracefully on
 * SIGTERM/SIGINT: stop accepting connections, let in-flight requests finish, close the
 * database, exit 0. A second signal or the shutdown timeout exits at once.
 */
async function main() {
  // React (loaded with the web build below) picks its development build unless told
  // otherwise; that build renders pages several times slower and is never meant to serve.
  process.env.NODE_ENV ??= 'production';
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }

  const app = await buildApp(config, {
    web: { dir: fileURLToPath(new URL('../../web/build', import.meta.url)) },
  });

  let stopping = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) {
      app.log.warn(`${signal} again: exiting without waiting`);
      process.exit(1);
    }
    stopping = true;
    app.log.info(`${signal} received: finishing in-flight requests`);
    const timer = setTimeout(() => {
      app.log.error(`Shutdown took longer than ${config.shutdownTimeoutSeconds}s: exiting`);
      process.exit(1);
    }, config.shutdownTimeoutSeconds * 1000);
    timer.unref();
    // Connections that finish their request during the shutdown stay open for keep-alive
    // (browsers, and the page renderer's own calls to the API over loopback); closing the
    // idle ones again and again lets the close end once the last answer is out.
    const idleCloser = setInterval(() => app.server.closeIdleConnections(), 100);
    idleCloser.unref();
    app.close().then(
      () => {
        clearInterval(idleCloser);
        app.log.info('Stopped cleanly');
        process.exit(0);
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'Shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    startupMessage({
      publicUrl: config.publicUrl,
      dataDir: config.dataDir,
      databaseUrl: config.databaseUrl,
      demo: app.demoDatabase,
    }),
  );
}

main().catch((error: unknown) => {
  if (error instanceof DatabaseLockedError) {
    console.error(`Geoportal could not start: ${error.message}`);
    process.exit(75); // EX_TEMPFAIL: it can start once the other process has stopped
  }
  console.error('Geoportal could not start:', error instanceof Error ? error.message : error);
  if (error instanceof Error && error.cause) console.error('Cause:', error.cause);
  process.exit(1);
});
