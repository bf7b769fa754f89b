import { loadavg } from 'node:os';
import { median } from './files.js';
import { startBenchServer } from './server-process.js';

/**
 * How long other requests wait while the server cuts the first basemap tiles of each detail
 * level (issue 22: the first use of a fine level built its tile index in the server's own
 * thread). Against a freshly started built server: the first tile of each level in turn, as a
 * map zooming in asks for them, while one client asks for `/api/v1/health` again and again;
 * the figure is the slowest of those answers. Measured for this checkout's build and, when
 * given, another build (the code before), one after the other on the same machine.
 */

/** The first tile of each detail level over Germany (1:110m, 1:50m, 1:10m), then a finer one. */
export const FIRST_TILES = ['0/0/0', '4/8/5', '6/33/21', '8/134/86'] as const;

export const TILE_STALL_HEADING = 'Basemap tiles beside other requests';

export interface TileStall {
  /** Milliseconds each first tile took, in the order of FIRST_TILES. */
  tiles: number[];
  /** Answers to the health check meanwhile, and their median and slowest time in ms. */
  healthChecks: number;
  healthMedian: number;
  healthMax: number;
  load: number;
}

export async function measureTileStall(port: number, mainJs?: string): Promise<TileStall> {
  const server = await startBenchServer(port, { mainJs });
  try {
    // Warm: the routes and the health check's own first answer.
    await (await fetch(`${server.url}/api/v1/health`)).arrayBuffer();
    let cutting = true;
    const health: number[] = [];
    const checks = (async () => {
      while (cutting) {
        const started = performance.now();
        await (await fetch(`${server.url}/api/v1/health`)).arrayBuffer();
        health.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    const tiles: number[] = [];
    for (const tile of FIRST_TILES) {
      const started = performance.now();
      const response = await fetch(`${server.url}/geoth/basemap/tiles/${tile}.pbf`);
      if (!response.ok) throw new Error(`tile ${tile}: HTTP ${response.status}`);
      await response.arrayBuffer();
      tiles.push(performance.now() - started);
    }
    cutting = false;
    await checks;
    return {
      tiles,
      healthChecks: health.length,
      healthMedian: median(health),
      healthMax: Math.max(...health),
      load: loadavg()[0] ?? 0,
    };
  } finally {
    await server.stop();
  }
}

export function renderTileStallSection(
  now: TileStall,
  before: TileStall | undefined,
  machineName: string,
  date: string,
): string {
  const ms = (value: number) => `${Math.round(value)} ms`;
  const row = (name: string, figures: TileStall) =>
    `| ${name} | ${figures.tiles.map(ms).join(' | ')} | ${ms(figures.healthMedian)} / ${ms(figures.healthMax)} (${figures.healthChecks}) | ${figures.load.toFixed(1)} |`;
  return [
    `## ${TILE_STALL_HEADING}`,
    '',
    '`npm run bench:tiles -w @geoportal/bench` (after `npm run build`), bench/src/tile-stall.ts: a',
    'freshly started built server cuts the first tile of each detail level in turn (as a map',
    'zooming in over Germany asks for them) while one client asks for `/api/v1/health` again and',
    'again; the slowest of those answers is how long any request waited meanwhile.',
    `Machine: ${machineName}. Measured ${date}.`,
    '',
    `| build | ${FIRST_TILES.map((tile) => `first tile ${tile}`).join(' | ')} | health check median / slowest (answers) | load |`,
    `|---|${FIRST_TILES.map(() => '---:').join('|')}|---:|---:|`,
    ...(before ? [row('before (tiles cut in the server thread)', before)] : []),
    row('now (tiles cut in a worker thread)', now),
    '',
  ].join('\n');
}
