import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { writeBenchmarkSection } from './benchmarks-doc.js';
import { machine, today } from './machine.js';
import { prepareSearchDatabase, type Target } from './search-load.js';
import { loadServerModules } from './search-server.js';
import { startBenchServer } from './server-process.js';

/**
 * `npm run bench:harvest -w @geoportal/bench`: harvest throughput (issue 25). A second
 * instance of the built server (the remote) holds N records of the search benchmark's
 * generator, all published; a first one harvests it as an administrator would — create a
 * harvester, run it as a process — once into an empty catalogue (every record added, whole
 * records listed) and once more with nothing changed (identifiers and date stamps listed,
 * nothing fetched). Records per second = records the run handled / the process's run time.
 *
 * The source is OAI-PMH by default: this product's CSW answers startPosition up to 10,000
 * only (as its search), so a CSW harvest of more records stops there and fails.
 *
 * Environment: BENCH_HARVEST_N (20000), BENCH_HARVEST_SOURCE (oai-pmh | csw),
 * BENCH_HARVEST_PAGE (100: the remote's CSW_MAX_RECORDS and OAI_PAGE_SIZE and the
 * harvester's page size), BENCH_HARVEST_DIR (the remote's PGlite, kept between runs),
 * BENCH_HARVEST_PORT (8190; the harvesting server takes the next port).
 */
const env = process.env;
const n = Number(env.BENCH_HARVEST_N ?? 20_000);
const page = Number(env.BENCH_HARVEST_PAGE ?? 100);
const sourceType = env.BENCH_HARVEST_SOURCE === 'csw' ? 'csw' : 'oai-pmh';
const protocol = sourceType === 'csw' ? 'CSW (GetRecords, ISO 19139)' : 'OAI-PMH (iso19139)';
const dir = env.BENCH_HARVEST_DIR ?? path.join(tmpdir(), 'geoportal-harvest-bench');
const remotePort = Number(env.BENCH_HARVEST_PORT ?? 8190);
const localPort = remotePort + 1;
const ADMIN_PASSWORD = 'bench-admin-password';

interface Job {
  id: string;
  state: string;
  error: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  result: Record<string, number> | null;
}

interface RunFigure {
  seconds: number;
  counts: Record<string, number>;
  perSecond: number;
}

async function main() {
  const loadAtStart = loadavg()[0] ?? 0;
  const modules = await loadServerModules();
  const target: Target = {
    engine: 'pglite',
    schema: 'public',
    dataDir: path.join(dir, `remote-${n}`),
  };
  const { database } = await prepareSearchDatabase(modules, target, { n, seed: 1 });
  let published: number;
  try {
    // Every record public, so the remote's CSW lists all N; the index follows the states.
    await modules.raw(database.db, "update object set state = 'published', public = true");
    await modules.rebuildSearchIndex(database.db);
    const [row] = await modules.raw(database.db, 'select count(*)::int as n from object');
    published = Number(row?.n ?? 0);
  } finally {
    await database.close();
  }

  const remote = await startBenchServer(remotePort, {
    env: {
      DEMO_DATA: 'false',
      PROCESS_WORKER: 'false',
      CSW_MAX_RECORDS: String(page),
      OAI_PAGE_SIZE: String(page),
    },
    dataDir: target.dataDir,
  });
  const local = await startBenchServer(localPort, {
    env: {
      DEMO_DATA: 'false',
      ADMIN_PASSWORD,
      GEO_PROXY_ALLOW_PRIVATE: `127.0.0.1:${remotePort}`,
      HARVEST_PAGE_SIZE: String(page),
      PROCESS_POLL_INTERVAL: '100ms',
    },
  });
  try {
    const signIn = await fetch(`${local.url}/api/v1/access/authorize`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
    });
    if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status}`);
    const headers = {
      AccessToken: ((await signIn.json()) as { id: string }).id,
      'content-type': 'application/json',
    };
    const created = await fetch(`${local.url}/api/v1/harvesters`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        name: 'Bench remote',
        source: {
          type: sourceType,
          url: `${remote.url}/${sourceType === 'csw' ? 'csw' : 'oai'}`,
        },
        collision: 'skip',
        publish: true,
      }),
    });
    if (created.status !== 201)
      throw new Error(`creating the harvester failed: ${await created.text()}`);
    const harvester = ((await created.json()) as { id: string }).id;

    const run = async (label: string): Promise<RunFigure> => {
      const started = await fetch(`${local.url}/api/v1/harvesters/${harvester}/run`, {
        method: 'POST',
        headers: { AccessToken: headers.AccessToken },
      });
      if (started.status !== 202) throw new Error(`starting the run failed: ${started.status}`);
      const id = ((await started.json()) as Job).id;
      let job: Job;
      for (;;) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        job = (await (
          await fetch(`${local.url}/api/v1/processes/${id}`, {
            headers: { AccessToken: headers.AccessToken },
          })
        ).json()) as Job;
        if (!['queued', 'running'].includes(job.state)) break;
      }
      if (job.state !== 'succeeded')
        throw new Error(`the ${label} run ended ${job.state}: ${job.error}`);
      const seconds =
        (Date.parse(job.finishedAt as string) - Date.parse(job.startedAt as string)) / 1000;
      const counts = job.result ?? {};
      const perSecond = (counts.seen ?? 0) / seconds;
      console.log(
        `Harvest ${n}, ${label}: ${JSON.stringify(counts)} in ${seconds.toFixed(1)} s = ${perSecond.toFixed(0)} records/s`,
      );
      return { seconds, counts, perSecond };
    };
    const first = await run('first');
    const incremental = await run('incremental');
    const loadAtEnd = loadavg()[0] ?? 0;
    const line = (label: string, f: RunFigure) => {
      const own = (f.counts.importMs ?? 0) / 1000;
      return `| ${label} | ${f.counts.seen ?? 0} | ${f.counts.added ?? 0} | ${f.counts.unchanged ?? 0} | ${f.seconds.toFixed(1)} s | **${f.perSecond.toFixed(0)}** | ${((f.counts.remoteMs ?? 0) / 1000).toFixed(1)} s | ${own.toFixed(1)} s | ${own > 0 ? ((f.counts.seen ?? 0) / own).toFixed(0) : '–'} |`;
    };
    await writeBenchmarkSection(
      'Harvest',
      `## Harvest

\`npm run bench:harvest -w @geoportal/bench\` (issue 25): a second instance of the built
server holds ${published.toLocaleString('en')} published records (the search benchmark's
generator, PGlite) and serves them over ${protocol}, ${page} records per page; the
harvesting instance (PGlite, empty) runs ${sourceType === 'csw' ? 'a CSW' : 'an OAI-PMH'} harvester as a process, first into
an empty catalogue (whole records listed: ${sourceType === 'csw' ? 'GetRecords full' : 'ListRecords'}), then again with nothing
changed (identifiers and date stamps listed: ${sourceType === 'csw' ? 'GetRecords brief' : 'ListIdentifiers'}; nothing fetched). Records/s
= records the remote listed / the process's run time. Side by side, where the run's time
went: waiting for the remote (blocked on a listing page or on fetches of whole records;
the next page is asked for while the current one is written, so the remote's work that
overlaps ours is not counted) and the harvester's own work (the ISO reader, the batched
writes and index updates, and parsing the answer pages that arrive meanwhile); the rest is
the run's bookkeeping. Targets: ≥ 200 records/s first, ≥ 2,000 records/s incremental.

Machine: ${machine()}. Measured ${today()}; load average (1 min) ${loadAtStart.toFixed(1)} at
the start, ${loadAtEnd.toFixed(1)} at the end (the machine was shared with other work when
the load is above the core count).

| Run | Listed | Added | Unchanged | Time | Records/s | Waiting for the remote | Own work here | Records/s of the harvester's own work |
| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
${line('First harvest', first)}
${line('Incremental, nothing changed', incremental)}
`,
    );
  } finally {
    await local.stop();
    await remote.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
