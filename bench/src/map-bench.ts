import { readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from '@playwright/test';
import { startBenchServer } from './server-process.js';

/**
 * The Map issue's figures, measured in Debian's Chromium (headless, software rendering)
 * against the built server:
 * - JavaScript of the home page before the map chunk, and the map chunk with the chunks it
 *   pulls in, gzipped from the build output (the budget: 150 KB each);
 * - frame times while a script pans and zooms over 10,000 footprints (served by a route
 *   interception, so the figure depends on the map, not on the search);
 * - requests to hosts other than the app's own while the home page loads (must be none).
 */

const assets = new URL('../../packages/web/build/client', import.meta.url);
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const launchArgs = ['--no-sandbox', '--disable-gpu', '--disable-background-networking'];

export interface ChunkSizes {
  /** Gzipped bytes of the JavaScript the home page loads before it asks for the map. */
  initialGzip: number;
  initialFiles: number;
  /** Gzipped bytes of the map chunk and the chunks first loaded with it. */
  mapGzip: number;
  mapFiles: number;
}

export interface FrameTimes {
  footprints: number;
  frames: number;
  p50: number;
  p95: number;
  max: number;
}

export interface MapFigures {
  chunks: ChunkSizes;
  frames: FrameTimes;
  /** Requests of the home page to other hosts. */
  foreignRequests: string[];
}

async function gzipSize(pathname: string): Promise<number> {
  const file = await readFile(new URL(`.${pathname}`, `${assets.href}/`));
  return gzipSync(file, { level: 9 }).length;
}

/** A small PRNG (mulberry32), so every run draws the same footprints. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** 10,000 footprints over Germany, most of them small, as the spatial search answers them. */
export function syntheticFootprints(count: number, seed = 9) {
  const next = random(seed);
  const features = Array.from({ length: count }, (_, index) => {
    const size = 0.02 + next() ** 3 * 2;
    const west = 5.9 + next() * (15 - 5.9 - size);
    const south = 47.3 + next() * (55 - 47.3 - size);
    const ring = [
      [west, south],
      [west + size, south],
      [west + size, south + size * 0.7],
      [west, south + size * 0.7],
      [west, south],
    ].map(([x, y]) => [Number((x ?? 0).toFixed(4)), Number((y ?? 0).toFixed(4))]);
    const id = `bench-${index}`;
    return {
      type: 'Feature',
      id,
      geometry: { type: 'Polygon', coordinates: [ring] },
      properties: {
        id,
        title: { de: `Datensatz ${index}`, en: `Record ${index}` },
        type: 'dataset',
        mapServices: index % 7 === 0,
      },
    };
  });
  return { type: 'FeatureCollection', numberMatched: count, numberReturned: count, features };
}

/** The chunks a built chunk imports, statically or dynamically (`./name-hash.js`). */
async function importsOf(pathname: string): Promise<string[]> {
  const code = await readFile(new URL(`.${pathname}`, `${assets.href}/`), 'utf8');
  const directory = pathname.slice(0, pathname.lastIndexOf('/') + 1);
  return [...code.matchAll(/(?:from|import)\s*\(?\s*["']\.\/([\w.-]+\.js)["']/g)].map(
    (match) => `${directory}${match[1]}`,
  );
}

/** Every chunk reachable from `root` through its imports, `root` included. */
async function reachableFrom(root: string): Promise<Set<string>> {
  const seen = new Set<string>([root]);
  const queue = [root];
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    for (const imported of await importsOf(next)) {
      if (!seen.has(imported)) {
        seen.add(imported);
        queue.push(imported);
      }
    }
  }
  return seen;
}

/**
 * Splits the page's JavaScript at the map chunk's request and sums the gzipped sizes. The map's
 * share is what the page asked for from the map chunk on that the map chunk imports (directly
 * or through others): parts of the shell loaded later on their own (the toast container when
 * the browser is idle) are neither the first script nor the map's.
 */
async function measureChunks(page: Page, url: string): Promise<ChunkSizes> {
  const scripts: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (request.resourceType() === 'script' || pathname.endsWith('.js')) {
      if (pathname.startsWith('/assets/') && !scripts.includes(pathname)) scripts.push(pathname);
    }
  });
  await page.goto(url);
  await page.getByTestId('map-extent').waitFor({ timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  const mapIndex = scripts.findIndex((pathname) => /\/map-view-[\w-]+\.js$/.test(pathname));
  if (mapIndex < 0) throw new Error('the home page did not load the map chunk');
  const sum = async (list: string[]) =>
    (await Promise.all(list.map((pathname) => gzipSize(pathname)))).reduce((a, b) => a + b, 0);
  const initial = scripts.slice(0, mapIndex);
  const ofMap = await reachableFrom(scripts[mapIndex] as string);
  const map = scripts.slice(mapIndex).filter((pathname) => ofMap.has(pathname));
  return {
    initialGzip: await sum(initial),
    initialFiles: initial.length,
    mapGzip: await sum(map),
    mapFiles: map.length,
  };
}

/** Pans and zooms by script over the footprints and answers the frame intervals. */
async function measureFrames(page: Page, url: string, count: number): Promise<FrameTimes> {
  const body = JSON.stringify(syntheticFootprints(count));
  await page.route('**/api/v1/index/search/objects/spatial/**', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body }),
  );
  await page.goto(url);
  await page.getByTestId('footprint-count').filter({ hasText: '10.000' }).waitFor({
    timeout: 60_000,
  });
  const box = await page.getByRole('region', { name: 'Karte' }).boundingBox();
  if (!box) throw new Error('no map');
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  // Every animation frame's interval, recorded in the page (bench has no DOM types: a string).
  await page.evaluate(`(() => {
    window.frameTimes = [];
    window.recording = true;
    let last = performance.now();
    const tick = (now) => {
      window.frameTimes.push(now - last);
      last = now;
      if (window.recording) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  })()`);
  // Pan: three drags across the map, then zoom in and out with the wheel.
  for (const [dx, dy] of [
    [250, 0],
    [-200, 120],
    [-50, -120],
  ] as const) {
    await page.mouse.move(cx, cy);
    await page.mouse.down();
    for (let step = 1; step <= 30; step++) {
      await page.mouse.move(cx + (dx * step) / 30, cy + (dy * step) / 30);
    }
    await page.mouse.up();
  }
  for (const delta of [-300, -300, 300, 300, -200, 200]) {
    await page.mouse.wheel(0, delta);
    await page.waitForTimeout(300);
  }
  const frames = (await page.evaluate(
    '(() => { window.recording = false; return window.frameTimes.slice(1); })()',
  )) as number[];
  const sorted = [...frames].sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
  return { footprints: count, frames: frames.length, p50: at(0.5), p95: at(0.95), max: at(1) };
}

/** Loads the home page and lists every request to a host other than the app's own. */
async function foreignRequests(page: Page, url: string): Promise<string[]> {
  const own = new URL(url).host;
  const foreign: string[] = [];
  page.on('request', (request) => {
    const target = new URL(request.url());
    if (target.protocol.startsWith('http') && target.host !== own) foreign.push(request.url());
  });
  await page.goto(url);
  await page.getByTestId('map-extent').waitFor({ timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  return foreign;
}

export async function measureMap(): Promise<MapFigures> {
  const port = Number(process.env.BENCH_MAP_PORT ?? Number(process.env.BENCH_PORT ?? 8097) + 3);
  const server = await startBenchServer(port);
  const browser = await chromium.launch({ executablePath: chromiumPath, args: launchArgs });
  try {
    const fresh = async () =>
      (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    const chunks = await measureChunks(await fresh(), `${server.url}/`);
    console.log(
      `Map: initial JS ${(chunks.initialGzip / 1024).toFixed(1)} KiB gz, map chunk ${(chunks.mapGzip / 1024).toFixed(1)} KiB gz`,
    );
    const foreign = await foreignRequests(await fresh(), `${server.url}/`);
    const frames = await measureFrames(await fresh(), `${server.url}/`, 10_000);
    console.log(`Map: ${frames.footprints} footprints, frame p95 ${frames.p95} ms`);
    return { chunks, frames, foreignRequests: foreign };
  } finally {
    await browser.close();
    await server.stop();
  }
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

export function renderMapSection(figures: MapFigures, machine: string, date: string): string {
  const { chunks, frames, foreignRequests: foreign } = figures;
  const verdict = (ok: boolean) => (ok ? 'within' : '**over**');
  return `## Map

\`npm run bench\` (after \`npm run build\`), bench/src/map-bench.ts: the built server with its
offline basemap, loaded in Debian's Chromium (headless, software rendering, 1280 × 800).
Machine: ${machine}. Measured ${date}.

| figure | value | budget |
|---|---:|---|
| JavaScript of \`/\` before the map chunk (${chunks.initialFiles} files, gzip -9) | ${kib(chunks.initialGzip)} | 150 KB, ${verdict(chunks.initialGzip <= 150_000)} |
| map chunk with the chunks it loads (${chunks.mapFiles} files, gzip -9) | ${kib(chunks.mapGzip)} | 150 KB, ${verdict(chunks.mapGzip <= 150_000)} |
| frame time p95, scripted pan and zoom over ${frames.footprints.toLocaleString('en')} footprints | ${frames.p95} ms | 50 ms, ${verdict(frames.p95 <= 50)} |
| frame time p50 / max (${frames.frames} frames) | ${frames.p50} / ${frames.max} ms | – |
| requests of the home page to other hosts | ${foreign.length} | none |

The footprints are 10,000 seeded rectangles over Germany, answered for every extent by a route
interception (the search's own speed is in the Search section). Chromium draws with the CPU here,
so the frame time is a trend to watch rather than what a visitor's GPU sees.${
    foreign.length > 0
      ? `\n\nForeign requests: ${foreign.map((url) => `\`${url}\``).join(', ')}.`
      : ''
  }
`;
}
