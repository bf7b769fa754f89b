import { writeBenchmarkSection } from './benchmarks-doc.js';
import { machine, today } from './machine.js';
import { measureMap, renderMapSection } from './map-bench.js';

/**
 * `node bench/dist/map-run.js` (after `npm run build` and compiling the bench): only the Map
 * figures. Replaces the "Map" section of docs/benchmarks.md (or appends it) and leaves the
 * other sections as they are.
 */
const section = renderMapSection(await measureMap(), machine(), today());
await writeBenchmarkSection('Map', section);
