import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import { mapserverPort } from './support/mapserver';
import { remotePort } from './support/remote-instance';

/**
 * End-to-end tests drive Debian's Chromium (never a downloaded browser) against the built
 * server, started on a fresh embedded database in `.e2e-data/<port>/` (one folder per port, so
 * that two runs on different E2E_PORTs do not wipe each other's database).
 */
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  throw new Error(
    `Chromium was not found at ${chromium}. Install it with "sudo apt-get install -y chromium" ` +
      '(or set CHROMIUM_PATH to a Chromium binary).',
  );
}

const port = Number(process.env.E2E_PORT ?? 8096);
const baseURL = `http://127.0.0.1:${port}`;
const dataDir = `.e2e-data/${port}`;

export default defineConfig({
  testDir: './tests',
  outputDir: '../test-results/e2e-artifacts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // Two cores run the server, the browser and the test: give slow moments some room. Tests
  // of several pages and a process took over 30 s in CI on a 2-core machine that Lighthouse
  // rated at a BenchmarkIndex of about 850, where a desktop has 1,500 (docs/benchmarks.md,
  // "Pages on a phone").
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '../test-results/e2e.json' }]],
  use: {
    baseURL,
    // A German visitor, unless a test says otherwise: the product follows Accept-Language
    // on a first visit.
    locale: 'de-DE',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromium,
      // Chromium's own background traffic would only meet a closed network here.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    // A fresh embedded database, and the product's pages plus the tests' own (fixtures/).
    command:
      `rm -rf ${dataDir} && mkdir -p ${dataDir}/content && ` +
      `cp ../content/*.*.md fixtures/content/*.*.md ${dataDir}/content/ && ` +
      'node ../packages/server/dist/main.js',
    url: `${baseURL}/api/v1/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      CONTENT_DIR: `${dataDir}/content`,
      LOG_LEVEL: 'warn',
      // The map e2e's MapServer (support/mapserver.ts) on loopback, reached through the proxy.
      GEO_PROXY_ALLOW: `127.0.0.1:${mapserverPort()}`,
      // Loopback hosts the server may request: that MapServer for the map, and for
      // harvesting the second instance the harvesting e2e harvests from
      // (support/remote-instance.ts), which the map proxy does not reach.
      GEO_PROXY_ALLOW_PRIVATE: `127.0.0.1:${mapserverPort()}`,
      HARVEST_ALLOW_PRIVATE: `127.0.0.1:${remotePort()}`,
    },
  },
});
