import { writeBenchmarkSection } from './benchmarks-doc.js';
import { machine, today } from './machine.js';
import { measureTileStall, renderTileStallSection, TILE_STALL_HEADING } from './tile-stall.js';

/**
 * `npm run bench:tiles -w @geoportal/bench` (after `npm run build`): the basemap tiles beside
 * other requests (tile-stall.ts). `BENCH_TILES_BEFORE_MAIN_JS` names another checkout's built
 * `main.js` to measure side by side (the code before a change). Replaces its section of
 * docs/benchmarks.md.
 */
const port = Number(process.env.BENCH_PORT ?? 8097) + 7;
const beforeBuild = process.env.BENCH_TILES_BEFORE_MAIN_JS || undefined;
const before = beforeBuild ? await measureTileStall(port, beforeBuild) : undefined;
const now = await measureTileStall(port);
for (const [name, figures] of [
  ['before', before],
  ['now', now],
] as const) {
  if (figures) console.log(`tiles ${name}:`, JSON.stringify(figures));
}
const section = renderTileStallSection(now, before, machine(), today());
await writeBenchmarkSection(TILE_STALL_HEADING, section);
