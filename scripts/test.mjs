#!/usr/bin/env node
// `npm test`: lint, type checks, build, unit and integration tests (Vitest) and the
// end-to-end suite (Playwright), in that order. Every step runs even when an earlier one
// failed, so one run shows everything that is wrong. The last line sums all steps and tests
// as "N passed, N failed" and is also written to test-results/summary.txt.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';

const results = 'test-results';
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

/** Steps that are not test runners count as one check each. */
const checks = [
  ['lint', 'npx', ['biome', 'check', '.']],
  ['type check', 'npm', ['run', 'typecheck']],
  ['build', 'npm', ['run', 'build']],
];

const run = (name, command, args) => {
  console.log(`\n━━ ${name}: ${command} ${args.join(' ')}`);
  const { status } = spawnSync(command, args, { stdio: 'inherit' });
  return status === 0;
};

const tally = { passed: 0, failed: 0 };
const lines = [];
for (const [name, command, args] of checks) {
  const ok = run(name, command, args);
  tally[ok ? 'passed' : 'failed'] += 1;
  lines.push(`${name}: ${ok ? 'ok' : 'FAILED'}`);
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

// The summary names every failed test: a log that keeps only its last lines still says
// what failed, and where.
function failedVitestTests(report) {
  return (report?.testResults ?? []).flatMap((file) => {
    const path = file.name.replace(`${process.cwd()}/`, '');
    const failed = file.assertionResults.filter((test) => test.status === 'failed');
    if (failed.length === 0 && file.status === 'failed')
      return [`${path} (${file.message || 'the file did not run'})`];
    return failed.map((test) => {
      const reason = (test.failureMessages?.[0] ?? '').split('\n')[0].slice(0, 200);
      return `${path} › ${test.fullName}${reason ? ` (${reason})` : ''}`;
    });
  });
}

function failedPlaywrightTests(report) {
  const walk = (suite, titles) => [
    ...(suite.specs ?? [])
      .filter((spec) => !spec.ok)
      .map((spec) => `${spec.file}:${spec.line} › ${[...titles, spec.title].join(' › ')}`),
    ...(suite.suites ?? []).flatMap((child) => walk(child, [...titles, child.title])),
  ];
  return (report?.suites ?? []).flatMap((suite) => walk(suite, []));
}

const vitestOk = run('unit and integration tests (Vitest)', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${results}/vitest.json`,
]);
const vitest = readJson(`${results}/vitest.json`);
const vitestCounts = {
  passed: vitest?.numPassedTests ?? 0,
  // A runner that crashed before reporting counts as one failure.
  failed: vitest ? vitest.numFailedTests + (vitestOk ? 0 : vitest.numFailedTests ? 0 : 1) : 1,
};
lines.push(`vitest: ${vitestCounts.passed} passed, ${vitestCounts.failed} failed`);
lines.push(...failedVitestTests(vitest).map((name) => `  failed: ${name}`));

const e2eOk = run('end-to-end tests (Playwright, Chromium)', 'npm', ['run', 'test:e2e']);
const e2e = readJson(`${results}/e2e.json`);
const e2eCounts = {
  passed: (e2e?.stats?.expected ?? 0) + (e2e?.stats?.flaky ?? 0),
  failed: e2e ? e2e.stats.unexpected + (e2eOk ? 0 : e2e.stats.unexpected ? 0 : 1) : 1,
};
lines.push(`playwright: ${e2eCounts.passed} passed, ${e2eCounts.failed} failed`);
lines.push(...failedPlaywrightTests(e2e).map((name) => `  failed: ${name}`));

for (const counts of [vitestCounts, e2eCounts]) {
  tally.passed += counts.passed;
  tally.failed += counts.failed;
}

const summary = `${tally.passed} passed, ${tally.failed} failed`;
writeFileSync(`${results}/summary.txt`, `${summary}\n`);
console.log(`\n━━ summary\n${lines.map((l) => `  ${l}`).join('\n')}`);
if (!existsSync('/usr/bin/chromium') && !process.env.CHROMIUM_PATH) {
  console.log('  Chromium is missing: install it with "sudo apt-get install -y chromium".');
}
console.log(summary);
process.exit(tally.failed === 0 ? 0 : 1);
