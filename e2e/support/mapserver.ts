import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A real WMS for the map e2e: Debian's MapServer (`mapserv`, package cgi-mapserver) run as a
 * CGI program per request behind a small HTTP server on loopback, serving the test data of
 * `fixtures/mapserver/` (two areas in Bavaria, a legend, plain-text feature info).
 */

const here = dirname(fileURLToPath(import.meta.url));
const mapfile = resolve(here, '../fixtures/mapserver/test.map');

/**
 * Its port: fixed per e2e port, so `playwright.config.ts` can allow it through the geo
 * service's proxy (GEO_PROXY_ALLOW_PRIVATE) before the app starts.
 */
export function mapserverPort(): number {
  return Number(process.env.E2E_MAPSERVER_PORT ?? Number(process.env.E2E_PORT ?? 8096) + 20_000);
}

/** The WMS's address as a record or a visitor would give it. */
export function mapserverUrl(): string {
  return `http://127.0.0.1:${mapserverPort()}/wms`;
}

export interface RunningMapServer {
  url: string;
  /** Requests the WMS answered, e.g. to check that the map asked for GetMap. */
  requests: string[];
  stop: () => Promise<void>;
}

/** Throws a readable error when MapServer is missing. */
function requireMapserv() {
  const probe = spawnSync('mapserv', ['-v'], { encoding: 'utf8' });
  if (probe.error || !/MapServer/.test(probe.stdout)) {
    throw new Error(
      'MapServer was not found. Install it with "sudo apt-get install -y cgi-mapserver" ' +
        '(the map e2e starts `mapserv` with a small test WMS).',
    );
  }
}

/** Splits a CGI answer into status, headers and body. */
function parseCgi(output: Buffer) {
  let split = output.indexOf('\r\n\r\n');
  let gap = 4;
  if (split < 0) {
    split = output.indexOf('\n\n');
    gap = 2;
  }
  if (split < 0) return { status: 502, headers: {}, body: output };
  const headers: Record<string, string> = {};
  let status = 200;
  for (const line of output.subarray(0, split).toString('latin1').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (name === 'status') status = Number.parseInt(value, 10) || 200;
    else headers[name] = value;
  }
  return { status, headers, body: output.subarray(split + gap) };
}

/** Starts the WMS on loopback; `stop` ends it and removes its configuration. */
export async function startMapServer(): Promise<RunningMapServer> {
  requireMapserv();
  const port = mapserverPort();
  // MapServer 8 reads its settings from a config file; this one names the test map.
  const dir = mkdtempSync(join(tmpdir(), 'geoportal-mapserver-'));
  const config = join(dir, 'mapserver.conf');
  writeFileSync(config, `CONFIG\n  ENV\n    MS_MAPFILE "${mapfile}"\n  END\nEND\n`);
  const requests: string[] = [];

  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', `http://127.0.0.1:${port}`);
    requests.push(url.search);
    const child = spawn('mapserv', [], {
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        MAPSERVER_CONFIG_FILE: config,
        REQUEST_METHOD: 'GET',
        QUERY_STRING: url.search.replace(/^\?/, ''),
        SERVER_NAME: '127.0.0.1',
        SERVER_PORT: String(port),
        SCRIPT_NAME: url.pathname,
        GATEWAY_INTERFACE: 'CGI/1.1',
      },
      cwd: dirname(mapfile),
    });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('error', () => {
      response.writeHead(500).end('mapserv failed');
    });
    child.on('close', () => {
      const { status, headers, body } = parseCgi(Buffer.concat(chunks));
      response.writeHead(status, headers).end(body);
    });
  });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(port, '127.0.0.1', () => done());
  });
  return {
    url: mapserverUrl(),
    requests,
    stop: () =>
      new Promise<void>((done) => {
        server.close(() => {
          rmSync(dir, { recursive: true, force: true });
          done();
        });
        server.closeAllConnections();
      }),
  };
}
