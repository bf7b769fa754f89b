import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes, randomFillSync } from 'node:crypto';
import {
  closeSync,
  createReadStream,
  fsyncSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { type MemoryReading, watchMemory } from './memory.js';
import { type BenchServer, startBenchServer } from './server-process.js';

/**
 * The figures of the Files issue, each measured side by side with its comparison in one run:
 * - upload of a 1 GiB file (streaming multipart client) against a hashing write on the same
 *   file system (`cat file | tee target | sha256sum`, then fsync: the upload must hash every
 *   byte), with plain `cat file > target` for reference, and the server's peak resident
 *   memory growth meanwhile;
 * - download of the same file against a plain `node:http` + `fs.createReadStream` server
 *   serving the very same blob file over loopback;
 * - 20 parallel downloads and the server's peak resident memory growth meanwhile.
 * Everything lives in one temporary folder (source file, `cat` target, the server's
 * DATA_DIR), checked to be on one file system, and is removed afterwards.
 */

const MiB = 1024 ** 2;
const GiB = 1024 ** 3;

export interface FilesOptions {
  port: number;
  staticPort: number;
  /** Bytes of the test file (1 GiB). */
  size: number;
  /** Rounds of each side-by-side comparison; the median counts. */
  rounds: number;
  parallel: number;
  /** Folder under which the temporary work folder is made (the system temp folder). */
  parentDir: string;
}

export interface Timing {
  ms: number;
  mibPerSecond: number;
  /** CPU seconds (user + system, all threads) the serving process spent on it. */
  cpuSeconds?: number;
}

const clockTicks = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;

/** CPU seconds (user + system) a process has used so far, from /proc/<pid>/stat. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / clockTicks;
}

/** Runs `step` and adds the CPU seconds process `pid` used meanwhile. */
async function withCpu(pid: number, step: () => Promise<Timing>): Promise<Timing> {
  const before = cpuSeconds(pid);
  const result = await step();
  return { ...result, cpuSeconds: Math.round((cpuSeconds(pid) - before) * 100) / 100 };
}

export interface FilesResult {
  size: number;
  rounds: number;
  fileSystem: string;
  upload: Timing[];
  cat: Timing[];
  catFsync: Timing[];
  /** `cat source | tee target | sha256sum` until the target is fsynced: the upload's target. */
  hashingWrite: Timing[];
  /** SHA-256 of the source file alone, in this process: the floor the upload cannot beat. */
  hashOnly: Timing;
  uploadMemory: MemoryReading;
  download: Timing[];
  staticDownload: Timing[];
  parallel: number;
  parallelServer: { wallMs: number; aggregateMibPerSecond: number; memory: MemoryReading };
  parallelStatic: { wallMs: number; aggregateMibPerSecond: number; memory: MemoryReading };
  comparison: string;
  /** Load average (1 min) of the machine at the start and the end: other work disturbs. */
  load: [number, number];
}

export function defaultFilesOptions(): FilesOptions {
  return {
    port: Number(process.env.BENCH_FILES_PORT ?? 8098),
    staticPort: Number(process.env.BENCH_STATIC_PORT ?? 8099),
    size: Number(process.env.BENCH_FILE_BYTES ?? GiB),
    rounds: Number(process.env.BENCH_FILE_ROUNDS ?? 5),
    parallel: 20,
    parentDir: process.env.BENCH_FILES_DIR ?? tmpdir(),
  };
}

const timing = (bytes: number, ms: number): Timing => ({
  ms: Math.round(ms),
  mibPerSecond: Math.round(bytes / MiB / (ms / 1000)),
});

/** The middle value (the mean of the two middle ones for an even count); 0 for none. */
export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

/** Writes `size` random bytes once (8 MiB at a time) and makes them durable. */
function writeRandomFile(file: string, size: number) {
  const fd = openSync(file, 'wx', 0o600);
  try {
    const block = Buffer.allocUnsafe(8 * MiB);
    for (let written = 0; written < size; ) {
      const n = Math.min(block.length, size - written);
      randomFillSync(block, 0, n);
      writeSync(fd, block, 0, n);
      written += n;
    }
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Flushes dirty pages of earlier writes so that they do not slow down the next measurement. */
function syncDisks() {
  spawnSync('sync', { stdio: 'ignore' });
}

async function json(res: Response): Promise<Record<string, unknown>> {
  const body = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${res.url}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

/** Signs in as the demo submitter and creates a dataset record to attach the files to. */
async function prepareRecord(url: string): Promise<{ token: string; id: string }> {
  const session = await json(
    await fetch(`${url}/api/v1/access/authorize`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'submitter', password: 'submitter-demo' }),
    }),
  );
  const token = String(session.id);
  const record = await json(
    await fetch(`${url}/api/v1/object`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', AccessToken: token },
      body: JSON.stringify({ type: 'dataset', metadata: { title: { de: 'Benchmark Dateien' } } }),
    }),
  );
  return { token, id: String(record.id) };
}

/**
 * Uploads `file` as multipart (`filename` field, then the `file` part) over `node:http`,
 * streaming it from disk with a known Content-Length; nothing is held in memory.
 */
function upload(
  url: string,
  token: string,
  file: string,
  name: string,
): Promise<{ ms: number; body: Record<string, unknown> }> {
  const size = statSync(file).size;
  const boundary = `----geoportal-bench-${randomBytes(12).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="filename"\r\n\r\n${name}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  async function* body() {
    yield head;
    yield* createReadStream(file);
    yield tail;
  }
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.request(url, {
      method: 'POST',
      agent: false,
      headers: {
        AccessToken: token,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(head.length + size + tail.length),
      },
    });
    request.once('error', reject);
    request.once('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.once('error', reject);
      response.once('end', () => {
        const ms = performance.now() - started;
        const text = Buffer.concat(chunks).toString('utf8');
        if (response.statusCode !== 201) {
          reject(new Error(`upload: ${response.statusCode} ${text}`));
          return;
        }
        resolve({ ms, body: JSON.parse(text) as Record<string, unknown> });
      });
    });
    pipeline(Readable.from(body()), request).catch(reject);
  });
}

/** GETs `url` and throws the bytes away, counting them. */
function download(
  url: string,
  headers: Record<string, string> = {},
): Promise<Timing & { bytes: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    http
      .get(url, { headers, agent: false }, (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
        });
        response.once('error', reject);
        response.once('end', () => {
          if (response.statusCode !== 200) {
            reject(new Error(`download ${url}: ${response.statusCode}`));
            return;
          }
          resolve({ ...timing(bytes, performance.now() - started), bytes });
        });
      })
      .once('error', reject);
  });
}

/** `cat source > target`: the time until cat exits, and until the target is fsynced. */
async function timeCat(source: string, target: string): Promise<{ cat: number; fsync: number }> {
  rmSync(target, { force: true });
  syncDisks();
  const fd = openSync(target, 'w', 0o600);
  try {
    const started = performance.now();
    const child = spawn('cat', [source], { stdio: ['ignore', fd, 'inherit'] });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    const catMs = performance.now() - started;
    if (code !== 0) throw new Error(`cat exited with ${code}`);
    fsyncSync(fd);
    return { cat: catMs, fsync: performance.now() - started };
  } finally {
    closeSync(fd);
    rmSync(target, { force: true });
  }
}

/**
 * A hashing write: `cat source | tee target | sha256sum`, timed until the target is fsynced,
 * as the server hashes every byte it stores and syncs it before it answers.
 */
async function timeHashingWrite(source: string, target: string): Promise<number> {
  rmSync(target, { force: true });
  syncDisks();
  const started = performance.now();
  const child = spawn(
    'sh',
    ['-c', 'cat "$1" | tee "$2" | sha256sum >/dev/null', 'sh', source, target],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`the hashing write exited with ${code}`);
  const fd = openSync(target, 'r+');
  try {
    fsyncSync(fd);
    return performance.now() - started;
  } finally {
    closeSync(fd);
    rmSync(target, { force: true });
  }
}

async function startStaticServer(file: string, port: number): Promise<ChildProcess> {
  const script = fileURLToPath(new URL('./static-file-server.js', import.meta.url));
  const child = spawn(process.execPath, [script, file, String(port)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`static file server exited with ${code}`)));
    child.stdout?.once('data', () => resolve());
  });
  child.removeAllListeners('exit');
  return child;
}

async function parallelDownloads(
  url: string,
  count: number,
  pid: number,
  size: number,
  headers = {},
) {
  const watch = watchMemory(pid);
  const started = performance.now();
  const results = await Promise.all(Array.from({ length: count }, () => download(url, headers)));
  const wallMs = performance.now() - started;
  const memory = watch.stop();
  if (results.some((r) => r.bytes !== size)) throw new Error('a parallel download was incomplete');
  return {
    wallMs: Math.round(wallMs),
    aggregateMibPerSecond: Math.round((count * size) / MiB / (wallMs / 1000)),
    memory,
  };
}

export async function measureFiles(
  options: FilesOptions = defaultFilesOptions(),
): Promise<FilesResult> {
  const { size, rounds } = options;
  const work = await mkdtemp(path.join(options.parentDir, 'geoportal-files-bench-'));
  let server: BenchServer | undefined;
  let staticServer: ChildProcess | undefined;
  try {
    const source = path.join(work, 'source.bin');
    const target = path.join(work, 'cat-target.bin');
    const warmUp = path.join(work, 'warm-up.bin');
    const loadAtStart = loadavg()[0] ?? 0;
    console.log(`Files: writing ${size} random bytes to ${source}`);
    writeRandomFile(source, size);
    writeRandomFile(warmUp, MiB);

    server = await startBenchServer(options.port, {
      parentDir: work,
      env: { DEMO_DATA: 'true', MAX_UPLOAD_BYTES: String(Math.max(2 * GiB, size + GiB)) },
    });
    if (statSync(server.dataDir).dev !== statSync(work).dev) {
      throw new Error('The server DATA_DIR and the cat target are on different file systems');
    }
    const fileSystem = spawnSync('df', ['-h', '--output=source,fstype,size', work], {
      encoding: 'utf8',
    })
      .stdout.trim()
      .split('\n')
      .at(-1)
      ?.trim()
      .replace(/\s+/g, ' ') as string;

    const { token, id } = await prepareRecord(server.url);
    const auth = { AccessToken: token };
    const uploadUrl = `${server.url}/api/v1/object/${id}/data/upload`;
    // Warm-up: load the code paths of upload and download before the baseline is taken.
    await upload(uploadUrl, token, warmUp, 'warm-up.bin');
    await download(`${server.url}/api/v1/object/${id}/data/warm-up.bin`, auth);

    const hashStarted = performance.now();
    const hash = createHash('sha256');
    for await (const chunk of createReadStream(source)) hash.update(chunk as Buffer);
    hash.digest();
    const hashOnly = timing(size, performance.now() - hashStarted);

    const uploads: Timing[] = [];
    const cats: Timing[] = [];
    const catFsyncs: Timing[] = [];
    const hashingWrites: Timing[] = [];
    let sha256 = '';
    syncDisks();
    const uploadWatch = watchMemory(server.pid);
    for (let round = 0; round < rounds; round++) {
      const steps = [
        async () => {
          syncDisks();
          const pid = (server as BenchServer).pid;
          const measured = await withCpu(pid, async () => {
            const result = await upload(uploadUrl, token, source, 'bench-1gib.bin');
            const file = result.body.file as { sha256: string; size: number };
            if (file.size !== size) throw new Error(`uploaded ${file.size} bytes, not ${size}`);
            sha256 = file.sha256;
            return timing(size, result.ms);
          });
          uploads.push(measured);
        },
        async () => {
          const result = await timeCat(source, target);
          cats.push(timing(size, result.cat));
          catFsyncs.push(timing(size, result.fsync));
        },
        async () => hashingWrites.push(timing(size, await timeHashingWrite(source, target))),
      ];
      // Alternate the order so that neither side always runs on a just-flushed disk.
      if (round % 2 === 1) steps.reverse();
      for (const step of steps) await step();
      console.log(
        `Files: upload ${uploads.at(-1)?.mibPerSecond} MiB/s (server CPU ${uploads.at(-1)?.cpuSeconds} s), hashing write ${hashingWrites.at(-1)?.mibPerSecond} MiB/s, cat ${cats.at(-1)?.mibPerSecond} MiB/s, cat + fsync ${catFsyncs.at(-1)?.mibPerSecond} MiB/s`,
      );
    }
    const uploadMemory = uploadWatch.stop();
    console.log(`Files: upload memory growth ${(uploadMemory.growthBytes / MiB).toFixed(1)} MiB`);
    rmSync(source, { force: true });
    syncDisks();

    const blob = path.join(server.dataDir, 'blobs', sha256.slice(0, 2), sha256.slice(2, 4), sha256);
    if (statSync(blob).size !== size) throw new Error(`${blob} is not the uploaded file`);
    staticServer = await startStaticServer(blob, options.staticPort);
    const downloadUrl = `${server.url}/api/v1/object/${id}/data/bench-1gib.bin`;
    const staticUrl = `http://127.0.0.1:${options.staticPort}/bench-1gib.bin`;
    const serverPid = server.pid;
    const staticPid = staticServer.pid as number;
    const downloads: Timing[] = [];
    const staticDownloads: Timing[] = [];
    // Warm-up: both read the blob once, so that it is in the page cache for both.
    await download(staticUrl);
    for (let round = 0; round < rounds; round++) {
      const steps = [
        async () => downloads.push(await withCpu(serverPid, () => download(downloadUrl, auth))),
        async () => staticDownloads.push(await withCpu(staticPid, () => download(staticUrl))),
      ];
      if (round % 2 === 1) steps.reverse();
      for (const step of steps) await step();
      console.log(
        `Files: download ${downloads.at(-1)?.mibPerSecond} MiB/s (CPU ${downloads.at(-1)?.cpuSeconds} s), static ${staticDownloads.at(-1)?.mibPerSecond} MiB/s (CPU ${staticDownloads.at(-1)?.cpuSeconds} s)`,
      );
    }

    const parallelServer = await parallelDownloads(
      downloadUrl,
      options.parallel,
      server.pid,
      size,
      auth,
    );
    console.log(
      `Files: ${options.parallel} parallel downloads, ${parallelServer.aggregateMibPerSecond} MiB/s, memory growth ${(parallelServer.memory.growthBytes / MiB).toFixed(1)} MiB`,
    );
    const parallelStatic = await parallelDownloads(
      staticUrl,
      options.parallel,
      staticServer.pid as number,
      size,
    );
    console.log(
      `Files: ${options.parallel} parallel downloads from the static server, ${parallelStatic.aggregateMibPerSecond} MiB/s, memory growth ${(parallelStatic.memory.growthBytes / MiB).toFixed(1)} MiB`,
    );

    return {
      size,
      rounds,
      fileSystem,
      upload: uploads,
      cat: cats,
      catFsync: catFsyncs,
      hashingWrite: hashingWrites,
      hashOnly,
      uploadMemory,
      download: downloads,
      staticDownload: staticDownloads,
      parallel: options.parallel,
      parallelServer,
      parallelStatic,
      comparison: staticComparison(),
      load: [loadAtStart, loadavg()[0] ?? 0],
    };
  } finally {
    if (staticServer && staticServer.exitCode === null) {
      const exited = new Promise((resolve) => staticServer?.once('exit', resolve));
      staticServer.kill('SIGTERM');
      await exited;
    }
    await server?.stop();
    await rm(work, { recursive: true, force: true });
  }
}

/** Names the static file server used for comparison (nginx or busybox are not used). */
function staticComparison(): string {
  const has = (cmd: string) => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;
  const others = ['nginx', 'busybox'].filter(has);
  return others.length === 0
    ? 'neither nginx nor busybox httpd is installed on this machine, so the comparison is a plain `node:http` server that pipes `fs.createReadStream` into the response (bench/src/static-file-server.ts)'
    : `a plain \`node:http\` server that pipes \`fs.createReadStream\` into the response (bench/src/static-file-server.ts); ${others.join(' and ')} is installed but not used, so that both sides run on the same runtime`;
}

const mib = (bytes: number) => (bytes / MiB).toFixed(1);
const met = (ok: boolean) => (ok ? 'met' : '**missed**');

/** The "Files" section of docs/benchmarks.md. */
export function renderFilesSection(r: FilesResult, machine: string, date: string): string {
  const up = median(r.upload.map((t) => t.mibPerSecond));
  const cat = median(r.cat.map((t) => t.mibPerSecond));
  const catFsync = median(r.catFsync.map((t) => t.mibPerSecond));
  const down = median(r.download.map((t) => t.mibPerSecond));
  const stat = median(r.staticDownload.map((t) => t.mibPerSecond));
  // The decision uses the median of the per-round ratios: each round's two sides ran back to
  // back under the same conditions, so the pairs are robust against load that changes.
  const ratio = (a: Timing[], b: Timing[]) =>
    median(a.map((t, i) => t.mibPerSecond / (b[i]?.mibPerSecond ?? Number.NaN)));
  const hashingWrite = median(r.hashingWrite.map((t) => t.mibPerSecond));
  const upHashRatio = ratio(r.upload, r.hashingWrite);
  const upRatio = ratio(r.upload, r.cat);
  const upFsyncRatio = ratio(r.upload, r.catFsync);
  const downRatio = ratio(r.download, r.staticDownload);
  const pct = (x: number) => `${(100 * x).toFixed(1)} %`;
  const limit = 64 * MiB;
  const list = (ts: Timing[]) => ts.map((t) => t.mibPerSecond).join(', ');
  const cpu = (ts: Timing[]) => ts.map((t) => t.cpuSeconds ?? '–').join(', ');
  const gib = (r.size / GiB).toFixed(r.size % GiB === 0 ? 0 : 2);
  return `## Files

The built server on a fresh embedded database with \`DEMO_DATA=true\`, signed in as the demo
submitter, one ${gib} GiB file of random bytes. The source file, the \`cat\` target and the server's
\`DATA_DIR\` lie in one temporary folder on one file system (${r.fileSystem}); everything is
removed afterwards. Each comparison runs side by side in ${r.rounds} rounds (alternating which side goes
first); throughputs are medians, and a ratio is the median of the rounds' own ratios. Throughput in MiB/s; server memory is the resident set size of the server
process (\`/proc/<pid>/status\`: VmRSS sampled every 10 ms and the kernel's peak VmHWM, reset
before each phase), baseline after a 1 MiB warm-up upload and download.
Machine: ${machine}. Measured ${date}; load average (1 min) ${r.load[0].toFixed(1)} at the
start and ${r.load[1].toFixed(1)} at the end of this part (other work on the machine slows both
sides of a comparison, not necessarily alike).

Upload: a streaming \`node:http\` multipart client (\`filename\` field, then the \`file\` part piped
from disk, with Content-Length), timed until the 201 answer, so it includes hashing, the fsync
of the temporary, the move into the blob store and the database commit. The comparison is
a hashing write on the same file system, \`cat source | tee target | sha256sum\` timed until the
target is fsynced, since the upload must hash every byte and reach the disk before it answers;
for reference \`cat source > target\` timed until cat exits, and "cat + fsync".
Download: one GET at a time into a sink that counts bytes, against a comparison server
serving the very same blob file over loopback: ${r.comparison}.

| figure | measured | comparison | ratio / growth | target | |
|---|---:|---:|---:|---|---|
| upload of ${gib} GiB | ${up} MiB/s | hashing write: ${hashingWrite} MiB/s | ${pct(upHashRatio)} | ≥ 80 % of a hashing write | ${met(upHashRatio >= 0.8)} |
| upload, against \`cat\` | ${up} MiB/s | \`cat\`: ${cat} MiB/s | ${pct(upRatio)} | (for reference) | |
| upload, against cat + fsync | ${up} MiB/s | cat + fsync: ${catFsync} MiB/s | ${pct(upFsyncRatio)} | (for reference) | |
| SHA-256 of the file alone (Node.js, one thread) | ${r.hashOnly.mibPerSecond} MiB/s | \`cat\`: ${cat} MiB/s | ${pct(r.hashOnly.mibPerSecond / cat)} | (the upload must hash every byte) | |
| server memory during the uploads | peak ${mib(r.uploadMemory.peakBytes)} MiB | baseline ${mib(r.uploadMemory.baselineBytes)} MiB | +${mib(r.uploadMemory.growthBytes)} MiB | < 64 MiB | ${met(r.uploadMemory.growthBytes < limit)} |
| download of ${gib} GiB | ${down} MiB/s | static server: ${stat} MiB/s | ${pct(downRatio)} | ≥ 80 % of the static server | ${met(downRatio >= 0.8)} |
| ${r.parallel} parallel downloads: server memory | peak ${mib(r.parallelServer.memory.peakBytes)} MiB | baseline ${mib(r.parallelServer.memory.baselineBytes)} MiB | +${mib(r.parallelServer.memory.growthBytes)} MiB | < 64 MiB | ${met(r.parallelServer.memory.growthBytes < limit)} |

Single rounds (MiB/s): upload ${list(r.upload)}; hashing write ${list(r.hashingWrite)}; \`cat\` ${list(r.cat)}; cat + fsync ${list(r.catFsync)};
download ${list(r.download)}; static server ${list(r.staticDownload)}.
CPU seconds (user + system, all threads) of the serving process per ${gib} GiB: upload ${cpu(r.upload)};
download ${cpu(r.download)}; static server ${cpu(r.staticDownload)}.
${r.parallel} parallel downloads: server ${r.parallelServer.aggregateMibPerSecond} MiB/s in all
(${(r.parallelServer.wallMs / 1000).toFixed(1)} s), static server ${r.parallelStatic.aggregateMibPerSecond} MiB/s
(${(r.parallelStatic.wallMs / 1000).toFixed(1)} s, its memory +${mib(r.parallelStatic.memory.growthBytes)} MiB).
`;
}
