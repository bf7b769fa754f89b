import { writeBenchmarkSection } from './benchmarks-doc.js';
import { machine, today } from './machine.js';
import { measureProcesses, renderProcessesSection } from './processes-bench.js';

/** `npm run bench:processes`: only the Processes section of docs/benchmarks.md. */
const port = Number(process.env.BENCH_PORT ?? 8097);
const results = await measureProcesses(port);
for (const r of results) {
  console.log(`Processes ${r.engine}: ${r.jobsPerSecond} jobs/s, p95 queue-to-start ${r.p95Ms} ms`);
}
await writeBenchmarkSection('Processes', renderProcessesSection(results, machine(), today()));
