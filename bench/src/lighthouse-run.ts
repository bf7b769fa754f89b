import { writeBenchmarkSection } from './benchmarks-doc.js';
import {
  INITIAL_JS_BUDGET,
  measureLighthouse,
  renderLighthouseSection,
} from './lighthouse-bench.js';
import { machine, today } from './machine.js';

/**
 * `npm run bench:lighthouse -w @geoportal/bench` (after `npm run build`): only the figures of
 * the pages on a phone (lighthouse-bench.ts). Replaces the "Pages on a phone" section of
 * docs/benchmarks.md and leaves the other sections as they are. Exits with 1 when the initial
 * JavaScript of `/` is over its budget, so the guard can stop a build.
 */
const port = Number(
  process.env.BENCH_LIGHTHOUSE_PORT ?? Number(process.env.BENCH_PORT ?? 8097) + 5,
);
const only = process.env.BENCH_LIGHTHOUSE_ONLY;
const otherBuild = process.env.BENCH_LIGHTHOUSE_MAIN_JS || undefined;
const figures = await measureLighthouse(port, only, otherBuild);
// A look at some pages, or at another build, leaves the documented figures alone.
if (!only && !otherBuild) {
  await writeBenchmarkSection(
    'Pages on a phone',
    renderLighthouseSection(figures, machine(), today()),
  );
}
for (const page of figures.pages) {
  console.log(
    `${page.path}: performance ${page.performance}, accessibility ${page.accessibility}, best practices ${page.bestPractices}, SEO ${page.seo}, LCP ${Math.round(page.lcp)} ms, TBT ${Math.round(page.tbt)} ms, CLS ${page.cls.toFixed(3)}`,
  );
}
if (figures.initialJs.gzip > INITIAL_JS_BUDGET) {
  console.error(
    `The initial JavaScript of / is ${figures.initialJs.gzip} bytes gzipped, over the budget of ${INITIAL_JS_BUDGET}.`,
  );
  process.exitCode = 1;
}
