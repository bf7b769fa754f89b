import { writeBenchmarkSection } from './benchmarks-doc.js';
import { measureFiles, renderFilesSection } from './files.js';
import { machine, today } from './machine.js';

/**
 * `npm run bench:files -w @geoportal/bench`: only the Files figures. Replaces the "Files"
 * section of docs/benchmarks.md (or appends it) and leaves the other sections as they are.
 */
const section = renderFilesSection(await measureFiles(), machine(), today());
await writeBenchmarkSection('Files', section);
