import { startBenchServer } from './server-process.js';

/**
 * Job overhead of the process queue (issue 20): 1,000 no-op jobs (`system.selftest` with no
 * steps) queued over the API by an administrator, run by the server's own worker with the
 * product's defaults (2 at a time, 1 s poll interval). Throughput is jobs finished per second
 * from the first start to the last end; the latency is each job's start minus its queueing.
 */
const JOBS = 1000;
const PARALLEL_REQUESTS = 8;
const ADMIN_PASSWORD = 'bench-admin-password';

export interface ProcessesResult {
  engine: 'pglite' | 'postgres';
  jobs: number;
  jobsPerSecond: number;
  p50Ms: number;
  p95Ms: number;
}

interface Job {
  id: string;
  state: string;
  queuedAt: string;
  startedAt: string | null;
  finishedAt: string | null;
}

async function inParallel<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>) {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index] as T);
      }
    }),
  );
  return results;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function measureOn(
  engine: 'pglite' | 'postgres',
  port: number,
  env: Record<string, string>,
): Promise<ProcessesResult> {
  const server = await startBenchServer(port, {
    env: { DEMO_DATA: 'false', ADMIN_PASSWORD, ...env },
  });
  try {
    const signIn = await fetch(`${server.url}/api/v1/access/authorize`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
    });
    if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status}`);
    const headers = { AccessToken: ((await signIn.json()) as { id: string }).id };
    const ids = await inParallel(
      Array.from({ length: JOBS }, (_, i) => i),
      PARALLEL_REQUESTS,
      async () => {
        const res = await fetch(`${server.url}/api/v1/processes`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({ kind: 'system.selftest', params: { steps: 0 } }),
        });
        if (res.status !== 202) throw new Error(`queueing failed: ${res.status}`);
        return ((await res.json()) as Job).id;
      },
    );
    const open = async (state: string) =>
      (
        (await (
          await fetch(`${server.url}/api/v1/processes?kind=system.selftest&state=${state}&rows=1`, {
            headers,
          })
        ).json()) as { total: number }
      ).total;
    const deadline = Date.now() + 10 * 60_000;
    while ((await open('queued')) + (await open('running')) > 0) {
      if (Date.now() > deadline) throw new Error('the jobs did not finish within 10 minutes');
      await new Promise((r) => setTimeout(r, 250));
    }
    const jobs = await inParallel(
      ids,
      PARALLEL_REQUESTS,
      async (id) =>
        (await (await fetch(`${server.url}/api/v1/processes/${id}`, { headers })).json()) as Job,
    );
    const failed = jobs.filter((j) => j.state !== 'succeeded').length;
    if (failed > 0) throw new Error(`${failed} jobs did not succeed`);
    const latencies = jobs
      .map((j) => Date.parse(j.startedAt as string) - Date.parse(j.queuedAt))
      .sort((a, b) => a - b);
    const firstStart = Math.min(...jobs.map((j) => Date.parse(j.startedAt as string)));
    const lastEnd = Math.max(...jobs.map((j) => Date.parse(j.finishedAt as string)));
    return {
      engine,
      jobs: JOBS,
      jobsPerSecond: Math.round((JOBS * 1000) / Math.max(1, lastEnd - firstStart)),
      p50Ms: percentile(latencies, 50),
      p95Ms: percentile(latencies, 95),
    };
  } finally {
    await server.stop();
  }
}

/**
 * On PGlite always; on PostgreSQL when `BENCH_PROCESSES_PG_URL` names a database (a fresh
 * schema per run).
 */
export async function measureProcesses(port: number): Promise<ProcessesResult[]> {
  const results = [await measureOn('pglite', port, {})];
  const pgUrl = process.env.BENCH_PROCESSES_PG_URL;
  if (pgUrl) {
    const schema = `bench_processes_${Date.now().toString(36)}`;
    results.push(
      await measureOn('postgres', port, { DATABASE_URL: pgUrl, DATABASE_SCHEMA: schema }),
    );
  }
  return results;
}

export function renderProcessesSection(results: ProcessesResult[], machine: string, day: string) {
  const rows = results
    .map((r) => `| ${r.engine} | ${r.jobs} | ${r.jobsPerSecond} | ${r.p50Ms} | ${r.p95Ms} |`)
    .join('\n');
  return `## Processes

Job overhead of the background-process queue: ${JOBS} no-op jobs (\`system.selftest\`
without steps) queued over the API (${PARALLEL_REQUESTS} requests at a time) and run by the
server's worker with the defaults (2 jobs at a time, 1 s poll interval; a job queued through
this process wakes the worker at once). Jobs/s counts from the first start to the last end;
the latency is start minus queueing, which includes waiting behind the jobs queued before.
PostgreSQL is measured when \`BENCH_PROCESSES_PG_URL\` is set. Machine: ${machine}.
Measured ${day}.

| engine | jobs | jobs/s | p50 queue-to-start ms | p95 queue-to-start ms |
|---|---:|---:|---:|---:|
${rows}
`;
}
