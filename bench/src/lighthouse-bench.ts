import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { type BrowserContext, chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import { median } from './files.js';
import { calibratedCpuMultiplier } from './lighthouse-calibration.js';
import { waitForQuietProcess } from './process-quiet.js';
import { startBenchServer } from './server-process.js';

/**
 * The pages on a phone (issue 22): Lighthouse 12.2.3 (pinned) in Debian's Chromium with its
 * default configuration, the mobile preset (Moto G Power sized screen, simulated slow 4G and
 * 4× CPU slowdown), run 3 times per page against the built server on a fresh embedded database
 * with the demo records, after one unmeasured visit of the page (`warmUpServer`) and with
 * the server quiet before each run (process-quiet.ts). Each figure
 * is the median of its 3 runs. The editor is measured signed in as the demo editor; the other
 * pages as a visitor.
 *
 * Each run of the preset is followed by one with the CPU slowdown calibrated to this machine
 * (lighthouse-calibration.ts) from the BenchmarkIndex the preset's run measured: the goals are
 * judged by the preset, and the calibrated figures show how much of a miss is this machine's.
 *
 * Beside Lighthouse's figures the guard of the JavaScript budget of `/`: the gzipped size of
 * the JavaScript the server-rendered page loads before it can be used (the module scripts and
 * module preloads of its HTML and everything they import statically); what is imported
 * dynamically after that (the map) is not part of it.
 */

const chromiumPath = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const assets = new URL('../../packages/web/build/client', import.meta.url);
const reports = new URL('../../test-results/lighthouse/', import.meta.url);

/** Runs per page; the figures are their medians. */
export const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
/** `BENCH_LIGHTHOUSE_CALIBRATED=0` leaves out the calibrated runs, for a quick look at the
 * preset's figures (half the time); the documented figures take both. */
const CALIBRATED = process.env.BENCH_LIGHTHOUSE_CALIBRATED !== '0';
/** The initial JavaScript of `/`, gzipped, in bytes (issue 22: 200 KB). */
export const INITIAL_JS_BUDGET = 200_000;

export interface PageFigures {
  name: string;
  path: string;
  /** Public pages are held to the SEO and best-practice goals; the editor is not. */
  public: boolean;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** Milliseconds. */
  lcp: number;
  tbt: number;
  cls: number;
  /** Main-thread work in ms (at Lighthouse's slowdown). */
  mainThread: number;
  /** What the largest contentful paint was (its selector), from the median run's audit. */
  lcpElement: string;
  /** The elements that shifted most, from the run with the median CLS. */
  shifts: string[];
  /** Lighthouse's BenchmarkIndex of this machine, median of the preset's runs. */
  benchmarkIndex: number;
  runs: RunFigures[];
  /** The runs with the CPU slowdown calibrated to this machine, where it could be. */
  calibrated?: CalibratedFigures;
}

/** What the section shows of one run. */
export interface RunFigures {
  performance: number;
  lcp: number;
  tbt: number;
  cls: number;
  benchmarkIndex: number;
  /** The CPU slowdown Lighthouse simulated. */
  cpuMultiplier: number;
}

export interface CalibratedFigures {
  /** Medians of the calibrated runs. */
  cpuMultiplier: number;
  performance: number;
  lcp: number;
  tbt: number;
  cls: number;
  runs: RunFigures[];
}

type LighthouseResult = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

/** The figures of one Lighthouse run, with its audits for the details. */
interface Run extends RunFigures {
  accessibility: number;
  bestPractices: number;
  seo: number;
  mainThread: number;
  audits: Record<string, { details?: unknown }>;
}

export interface LighthouseFigures {
  pages: PageFigures[];
  initialJs: { gzip: number; files: number };
  /** Load average (1 min) before and after. */
  loadBefore: number;
  loadAfter: number;
}

/**
 * Opens `url` once, unmeasured, before its runs. The server shares this machine's cores
 * with the browser, and its first requests of a page do one-time work there (the first
 * basemap tiles build their level's tile index, 0.3–0.7 s of CPU; Node compiles the
 * handlers): in Lighthouse's first run that work slowed the tasks it observed in the
 * browser and so the phone it simulates. A phone does not share the server's CPU. The
 * browser's cache is emptied before each run, so every run still starts cold.
 */
async function warmUpServer(context: BrowserContext, url: string): Promise<void> {
  const tab = await context.newPage();
  try {
    // The phone's window, so that the server prepares what the measured runs ask for.
    await tab.setViewportSize({ width: 412, height: 823 });
    await tab.goto(url, { waitUntil: 'load' });
    // The map and the editor start after the first paint and fetch tiles and lists then.
    await tab.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
  } finally {
    await tab.close();
  }
}

/** The static imports of a built chunk (`import … from "./x.js"`, `import "./x.js"`). */
function staticImports(code: string, directory: string): string[] {
  return [...code.matchAll(/(?:from|import)\s*["']\.\/([\w.-]+\.js)["']/g)].map(
    (match) => `${directory}${match[1]}`,
  );
}

/**
 * The gzipped JavaScript `html` loads before the page can be used: its module scripts, module
 * preloads (also those held until the first paint, web app lib/scripts-after-paint.ts) and
 * the modules an inline script imports, with their static imports.
 */
export async function initialJavaScript(
  html: string,
  client: URL = assets,
): Promise<{ gzip: number; files: number }> {
  const roots = new Set<string>();
  for (const match of html.matchAll(
    /<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload(?:-after-paint)?"[^>]*\shref)="(\/assets\/[^"]+\.js)"/g,
  )) {
    if (match[1]) roots.add(match[1]);
  }
  for (const match of html.matchAll(/import\s*\(?\s*["'](\/assets\/[^"']+\.js)["']/g)) {
    if (match[1]) roots.add(match[1]);
  }
  const seen = new Set<string>();
  const queue = [...roots];
  let gzip = 0;
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    if (seen.has(next)) continue;
    seen.add(next);
    const file = await readFile(new URL(`.${next}`, `${client.href}/`));
    gzip += gzipSync(file, { level: 9 }).length;
    queue.push(...staticImports(file.toString('utf8'), next.slice(0, next.lastIndexOf('/') + 1)));
  }
  return { gzip, files: seen.size };
}

interface AuditDetails {
  items?: { node?: { selector?: string; nodeLabel?: string }; score?: number }[];
}

/** The selectors of the elements that shifted most (Lighthouse's layout-shifts audit). */
function shiftedElements(audits: Record<string, { details?: unknown }>): string[] {
  const details = audits['layout-shifts']?.details as AuditDetails | undefined;
  return (details?.items ?? [])
    .slice(0, 3)
    .map(
      (item) =>
        `${item.node?.selector ?? item.node?.nodeLabel ?? '?'} (${(item.score ?? 0).toFixed(3)})`,
    );
}

function lcpElement(audits: Record<string, { details?: unknown }>): string {
  const details = audits['largest-contentful-paint-element']?.details as
    | { items?: { items?: { node?: { selector?: string; snippet?: string } }[] }[] }
    | undefined;
  const node = details?.items?.[0]?.items?.[0]?.node;
  return node?.selector ?? node?.snippet ?? '?';
}

/** Signs in as `username` over the API and answers the session id (the access token). */
async function signIn(url: string, username: string, password: string): Promise<string> {
  const response = await fetch(`${url}/api/v1/access/authorize`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!response.ok) throw new Error(`sign-in as ${username}: ${response.status}`);
  return ((await response.json()) as { id: string }).id;
}

/**
 * Empties the browser's HTTP cache (and with it the compiled scripts) and removes the
 * origin's service worker with its cache, keeping the local storage (the access token).
 * The warm-up visit is a browser's, not an audit tool's, so the page registered its worker
 * there; the signed-in page's runs then went through it, the first while it still started,
 * the later ones with the scripts from its cache. Lighthouse removes both itself where it
 * may reset the storage (the public pages).
 */
async function emptyCachesKeepingStorage(context: BrowserContext, origin: string): Promise<void> {
  const tab = await context.newPage();
  try {
    const session = await context.newCDPSession(tab);
    await session.send('Network.clearBrowserCache');
    await session.send('Storage.clearDataForOrigin', {
      origin,
      storageTypes: 'service_workers,cache_storage',
    });
  } finally {
    await tab.close();
  }
}

/** A published demo record's id, for a record page. */
async function anyRecordId(url: string): Promise<string> {
  const response = await fetch(`${url}/api/v1/index/search/objects/*/0/1`);
  const answer = (await response.json()) as { docs?: { id: string }[] };
  const id = answer.docs?.[0]?.id;
  if (!id) throw new Error('the demo catalogue has no record');
  return id;
}

/**
 * One Lighthouse run of `url`. A run whose trace came out broken (Lighthouse's runtime error,
 * e.g. NO_NAVSTART on a busy machine) is repeated, up to two times.
 */
async function audit(url: string, port: number, keepStorage: boolean, cpuMultiplier?: number) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      // The signed-in page keeps the token put into the storage beforehand.
      disableStorageReset: keepStorage,
      // Merged into the preset's throttling: only the CPU slowdown changes.
      ...(cpuMultiplier === undefined
        ? {}
        : { throttling: { cpuSlowdownMultiplier: cpuMultiplier } }),
    });
    const error = result ? result.lhr.runtimeError : { message: 'no result' };
    if (result && !error) return result.lhr;
    if (attempt >= 3) throw new Error(`${url}: ${error?.message}`);
    console.log(`Lighthouse ${url}: ${error?.message}; running again`);
  }
}

/** The figures of one Lighthouse report. */
function runFigures(lhr: LighthouseResult): Run {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const value = (id: string) => lhr.audits[id]?.numericValue ?? 0;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    mainThread: value('mainthread-work-breakdown'),
    benchmarkIndex: lhr.environment.benchmarkIndex,
    cpuMultiplier: lhr.configSettings.throttling.cpuSlowdownMultiplier ?? 4,
    audits: lhr.audits as Record<string, { details?: unknown }>,
  };
}

const shown = ({ performance, lcp, tbt, cls, benchmarkIndex, cpuMultiplier }: RunFigures) => ({
  performance,
  lcp,
  tbt,
  cls,
  benchmarkIndex,
  cpuMultiplier,
});

/** A page's figures: the medians of its preset runs, and of its calibrated runs. */
function summarize(
  page: { name: string; path: string; public: boolean },
  runs: Run[],
  calibrated: Run[],
): PageFigures {
  const medianOf = (set: Run[], key: Exclude<keyof Run, 'audits'>) =>
    median(set.map((run) => run[key]));
  const of = (key: Exclude<keyof Run, 'audits'>) => medianOf(runs, key);
  const cls = of('cls');
  const clsRun = runs.find((run) => run.cls === cls) ?? runs[0];
  const lcp = of('lcp');
  const lcpRun = runs.find((run) => run.lcp === lcp) ?? runs[0];
  return {
    name: page.name,
    path: page.path.startsWith('/metadata/') && page.public ? '/metadata/{id}' : page.path,
    public: page.public,
    performance: of('performance'),
    accessibility: of('accessibility'),
    bestPractices: of('bestPractices'),
    seo: of('seo'),
    lcp,
    tbt: of('tbt'),
    cls,
    mainThread: of('mainThread'),
    lcpElement: lcpRun ? lcpElement(lcpRun.audits) : '?',
    shifts: clsRun ? shiftedElements(clsRun.audits) : [],
    benchmarkIndex: of('benchmarkIndex'),
    runs: runs.map(shown),
    ...(calibrated.length > 0
      ? {
          calibrated: {
            cpuMultiplier: medianOf(calibrated, 'cpuMultiplier'),
            performance: medianOf(calibrated, 'performance'),
            lcp: medianOf(calibrated, 'lcp'),
            tbt: medianOf(calibrated, 'tbt'),
            cls: medianOf(calibrated, 'cls'),
            runs: calibrated.map(shown),
          },
        }
      : {}),
  };
}

/**
 * `only` (a part of the pages' names, e.g. `editor`) measures only those pages, for a quick
 * look at one page while working on it; the documented figures take all. `mainJs` measures
 * another build's server (an older commit's, side by side) instead of this checkout's.
 */
export async function measureLighthouse(
  port: number,
  only?: string,
  mainJs?: string,
): Promise<LighthouseFigures> {
  const loadBefore = loadavg()[0] ?? 0;
  const server = await startBenchServer(port, { mainJs });
  const profile = await mkdtemp(path.join(tmpdir(), 'geoportal-lighthouse-'));
  // A persistent context is the browser's default one: the tabs Lighthouse opens share its
  // storage, where the editor's access token is put.
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--remote-debugging-port=0'],
  });
  try {
    const debuggingPort = Number(
      (await readFile(path.join(profile, 'DevToolsActivePort'), 'utf8')).split('\n')[0],
    );
    const html = await (await fetch(`${server.url}/`)).text();
    const client = mainJs
      ? pathToFileURL(path.resolve(path.dirname(mainJs), '../../web/build/client'))
      : assets;
    const initialJs = await initialJavaScript(html, client);
    console.log(
      `Lighthouse: initial JS of / ${(initialJs.gzip / 1024).toFixed(1)} KiB gz (${initialJs.files} files)`,
    );
    const record = await anyRecordId(server.url);
    const pages = [
      { name: 'home (map)', path: '/', public: true, signedIn: false },
      { name: 'search', path: '/search', public: true, signedIn: false },
      { name: 'record page', path: `/metadata/${record}`, public: true, signedIn: false },
      { name: 'editor (new record)', path: '/metadata/create', public: false, signedIn: true },
    ];
    await mkdir(reports, { recursive: true });
    const results: PageFigures[] = [];
    for (const page of pages.filter(({ name }) => !only || name.includes(only))) {
      if (page.signedIn) {
        const token = await signIn(server.url, 'editor', 'editor-demo');
        const tab = await context.newPage();
        await tab.goto(`${server.url}/api/v1/health`);
        await tab.evaluate(`localStorage.setItem('accessToken', ${JSON.stringify(token)})`);
        await tab.close();
      }
      await warmUpServer(context, `${server.url}${page.path}`);
      const slug = page.name.replace(/\W+/g, '-');
      // One run of the page as Lighthouse's preset (no multiplier) or calibrated.
      const measure = async (label: string, cpuMultiplier?: number): Promise<Run> => {
        // Lighthouse keeps the HTTP cache along with the storage it is told to keep: the
        // signed-in page's later runs then found its scripts cached and compiled. Every run
        // starts cold, as the public pages' runs do.
        if (page.signedIn) await emptyCachesKeepingStorage(context, server.url);
        // What the server still does for the visit before (its start, the warm-up, the last
        // run's tiles) would run beside this one on the same cores.
        const settled = await waitForQuietProcess(server.pid);
        if (!settled.quiet) console.log(`Lighthouse: the server was still busy after 60 s`);
        const url = `${server.url}${page.path}`;
        const lhr = await audit(url, debuggingPort, page.signedIn, cpuMultiplier);
        await writeFile(new URL(`${slug}-${label}.json`, reports), JSON.stringify(lhr));
        const result = runFigures(lhr);
        console.log(
          `Lighthouse ${page.path} run ${label} (CPU ${result.cpuMultiplier.toFixed(1)}×, benchmark index ${Math.round(result.benchmarkIndex)}): performance ${result.performance}, LCP ${Math.round(result.lcp)} ms, TBT ${Math.round(result.tbt)} ms, CLS ${result.cls.toFixed(3)}`,
        );
        return result;
      };
      const runs: Run[] = [];
      const calibrated: Run[] = [];
      for (let run = 1; run <= RUNS; run++) {
        const preset = await measure(`${run}`);
        runs.push(preset);
        const multiplier = calibratedCpuMultiplier(preset.benchmarkIndex);
        if (multiplier !== undefined && CALIBRATED)
          calibrated.push(await measure(`${run}-calibrated`, multiplier));
      }
      results.push(summarize(page, runs, calibrated));
    }
    return { pages: results, initialJs, loadBefore, loadAfter: loadavg()[0] ?? 0 };
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
    await server.stop();
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

/** Whether a page meets issue 22's goals, and which it misses. */
export function missedGoals(page: PageFigures): string[] {
  const missed: string[] = [];
  if (page.public && page.performance < 90) missed.push('performance ≥ 90');
  if (page.public && page.accessibility < 100) missed.push('accessibility 100');
  if (page.public && page.bestPractices < 95) missed.push('best practices ≥ 95');
  if (page.public && page.seo < 95) missed.push('SEO ≥ 95');
  if (page.lcp > 2500) missed.push('LCP ≤ 2.5 s');
  if (page.tbt > 200) missed.push('TBT ≤ 200 ms');
  if (page.cls > 0.05) missed.push('CLS ≤ 0.05');
  return missed;
}

export function renderLighthouseSection(
  figures: LighthouseFigures,
  machine: string,
  date: string,
): string {
  const rows = figures.pages
    .map((page) => {
      const missed = missedGoals(page);
      return `| ${page.name} \`${page.path}\` | ${page.performance} | ${page.accessibility} | ${page.bestPractices} | ${page.seo} | ${seconds(page.lcp)} | ${Math.round(page.tbt)} ms | ${page.cls.toFixed(3)} | ${seconds(page.mainThread)} | ${missed.length === 0 ? 'met' : `**missed**: ${missed.join(', ')}`} |`;
    })
    .join('\n');
  const runLine = (run: RunFigures) =>
    `${run.performance} / ${seconds(run.lcp)} / ${Math.round(run.tbt)} ms / ${run.cls.toFixed(3)} (${run.cpuMultiplier.toFixed(1)}×, index ${Math.round(run.benchmarkIndex)})`;
  const runs = figures.pages
    .map(
      (page) =>
        `- ${page.name}: ${[...page.runs, ...(page.calibrated?.runs ?? [])]
          .map(runLine)
          .join('; ')}.${
          // Lighthouse 12.2.3's LCP-element and layout-shift audits fail with some Chromium
          // versions; then they are left out.
          page.lcpElement === '?' ? '' : ` LCP element \`${page.lcpElement}\`.`
        }${
          page.shifts.length > 0
            ? ` Shifted: ${page.shifts.map((s) => `\`${s}\``).join(', ')}.`
            : ''
        }`,
    )
    .join('\n');
  const calibratedRows = figures.pages
    .map((page) => {
      const c = page.calibrated;
      if (!c) return `| ${page.name} | ${Math.round(page.benchmarkIndex)} | – | – | – | – | – |`;
      return `| ${page.name} | ${Math.round(page.benchmarkIndex)} | ${c.cpuMultiplier.toFixed(1)}× | ${c.performance} | ${seconds(c.lcp)} | ${Math.round(c.tbt)} ms | ${c.cls.toFixed(3)} |`;
    })
    .join('\n');
  const indexes = figures.pages.flatMap((page) => page.runs.map((run) => run.benchmarkIndex));
  const { gzip, files } = figures.initialJs;
  return `## Pages on a phone

\`npm run bench:lighthouse -w @geoportal/bench\` (also part of \`npm run bench\`; after
\`npm run build\`), bench/src/lighthouse-bench.ts: Lighthouse 12.2.3 in Debian's Chromium
(headless), its default mobile preset (simulated slow 4G, 4× CPU slowdown), ${RUNS} runs per page
against the built server on a fresh embedded database with the demo records, after one
unmeasured visit of each page and, before each run, once the server has used under a tenth of a
core for 2 s (the server's own work, such as its start or building the basemap's tile index,
would otherwise slow the browser beside it on the same cores); each figure is the
median of its runs. The editor is measured signed in as the demo editor, its browser cache,
service worker and the worker's cache removed before each run like the other pages' (only
the access token stays). Goals (issue 22):
performance ≥ 90, accessibility 100, best practices ≥ 95 and SEO ≥ 95 on the public pages;
LCP ≤ 2.5 s, TBT ≤ 200 ms, CLS ≤ 0.05 everywhere. Lighthouse simulates the phone from what it
observes on this machine, so a busy machine lowers the performance score: the load is given.
Machine: ${machine}; Lighthouse's BenchmarkIndex ${Math.round(Math.min(...indexes))}–${Math.round(Math.max(...indexes))}
(median ${Math.round(median(indexes))}). Measured ${date}; load average (1 min) ${figures.loadBefore.toFixed(1)} at the
start and ${figures.loadAfter.toFixed(1)} at the end.

| page | performance | accessibility | best practices | SEO | LCP | TBT | CLS | main thread | goals |
|---|---:|---:|---:|---:|---:|---:|---:|---:|---|
${rows}

| guard | value | budget |
|---|---:|---|
| JavaScript of \`/\` before it can be used (${files} files: module scripts and preloads of the HTML with their static imports, gzip -9) | ${kib(gzip)} | 200 KB, ${gzip <= INITIAL_JS_BUDGET ? 'within' : '**over**'} |

The preset's 4× CPU slowdown turns a machine with a BenchmarkIndex of about 1,500 into the
phone Lighthouse means; on a slower machine it simulates a slower phone, and Lighthouse warns
below 1,000. Each run above was followed by one with the slowdown calibrated to this machine
(Lighthouse's calculator, docs/throttling.md "Calibrating the CPU slowdown", from that run's
index; bench/src/lighthouse-calibration.ts), medians:

| page | BenchmarkIndex | CPU slowdown | performance | LCP | TBT | CLS |
|---|---:|---:|---:|---:|---:|---:|
${calibratedRows}

Single runs (performance / LCP / TBT / CLS, CPU slowdown and BenchmarkIndex), the preset's
first:
${runs}
`;
}
