import autocannon from 'autocannon';
import { writeBenchmarkSection } from './benchmarks-doc.js';
import { measureFiles, renderFilesSection } from './files.js';
import { measureLighthouse, renderLighthouseSection } from './lighthouse-bench.js';
import { machine, today } from './machine.js';
import { measureMap, renderMapSection } from './map-bench.js';
import { measureProcesses, renderProcessesSection } from './processes-bench.js';
import { startBenchServer } from './server-process.js';
import { measureSignInTiming, type SignInTiming } from './sign-in-timing.js';

/**
 * HTTP baseline of the running product: throughput and latency of the cheapest API call,
 * a translation file and a server-rendered page, measured from a second process over
 * loopback. Each run lasts a fixed time with a fixed number of connections, so the load is
 * bounded and stops by itself. Then the Files figures (files.ts) on a server of their own.
 * Writes its sections of docs/benchmarks.md.
 */
const port = Number(process.env.BENCH_PORT ?? 8097);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = 10;

const targets = [
  { name: 'API: health (database round trip)', path: '/api/v1/health' },
  { name: 'API: translation file', path: '/api/v1/i18n/de' },
  { name: 'Page: home, server-rendered', path: '/' },
  { name: 'Page: search, server-rendered', path: '/search' },
];

interface Row {
  name: string;
  path: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

async function measure(url: string, path: string): Promise<Omit<Row, 'name' | 'path'>> {
  const result = await autocannon({ url: `${url}${path}`, connections, duration: seconds });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
  };
}

const server = await startBenchServer(port);
const rows: Row[] = [];
let signIn: SignInTiming;
try {
  // First, while no other load runs: the per-address sign-in limit counts these requests.
  signIn = await measureSignInTiming(server.url);
  console.log(
    `Sign-in failures: wrong password ${signIn.wrongPasswordMs} ms, unknown user ${signIn.unknownUserMs} ms`,
  );
  for (const target of targets) {
    // A short warm-up so that lazy work (first render, caches) is not measured.
    await autocannon({ url: `${server.url}${target.path}`, connections: 2, amount: 50 });
    const row = { ...target, ...(await measure(server.url, target.path)) };
    rows.push(row);
    console.log(
      `${row.name}: ${row.requestsPerSecond} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms`,
    );
  }
} finally {
  await server.stop();
}
const filesSection = renderFilesSection(await measureFiles(), machine(), today());
const mapSection = renderMapSection(await measureMap(), machine(), today());
const processesSection = renderProcessesSection(await measureProcesses(port), machine(), today());
const lighthouseSection = renderLighthouseSection(
  await measureLighthouse(Number(process.env.BENCH_LIGHTHOUSE_PORT ?? port + 5)),
  machine(),
  today(),
);

const table = rows
  .map(
    (r) =>
      `| ${r.name} | \`${r.path}\` | ${r.requestsPerSecond} | ${r.p50} | ${r.p99} | ${r.errors} |`,
  )
  .join('\n');
// Each figure set owns its section; the Search section (npm run bench:search, hours of
// loading) and any other stay as they are.
await writeBenchmarkSection(
  'HTTP baseline',
  `## HTTP baseline

The built server on a fresh embedded database (PGlite), loaded over loopback by a second
process with ${connections} connections for ${seconds} s per row after a short warm-up.
Machine: ${machine()}. Measured ${today()}.

| what | path | requests/s | p50 ms | p99 ms | errors |
|---|---|---:|---:|---:|---:|
${table}
`,
);
await writeBenchmarkSection(
  'Failed sign-ins take the same time',
  `## Failed sign-ins take the same time

Median answer time of ${signIn.samples} sequential failed sign-ins each (Argon2id, 19 MiB,
2 iterations): the time must not tell whether an account exists.

| case | median ms |
|---|---:|
| wrong password, existing account | ${signIn.wrongPasswordMs} |
| unknown user name | ${signIn.unknownUserMs} |
`,
);
await writeBenchmarkSection('Files', filesSection);
await writeBenchmarkSection('Map', mapSection);
await writeBenchmarkSection('Processes', processesSection);
await writeBenchmarkSection('Pages on a phone', lighthouseSection);
