import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { type QuietOptions, waitForQuietProcess } from './process-quiet.js';

/** Waits for a Node process running `script` to be quiet, and ends it. */
async function waitFor(script: string, options: QuietOptions) {
  const child = spawn(process.execPath, ['-e', script]);
  try {
    return await waitForQuietProcess(child.pid ?? 0, options);
  } finally {
    child.kill();
    await once(child, 'exit');
  }
}

describe('waitForQuietProcess', () => {
  it('answers soon for an idle process', async () => {
    const result = await waitFor('setTimeout(() => {}, 10000)', { forMs: 1000 });
    expect(result.quiet).toBe(true);
    expect(result.waitedMs).toBeLessThan(5000);
  });

  it('waits while the process computes, and until its quiet time has passed', async () => {
    const busyFor2s =
      'const end = Date.now() + 2000; while (Date.now() < end); setTimeout(() => {}, 10000)';
    const result = await waitFor(busyFor2s, { forMs: 1000, timeoutMs: 15_000 });
    expect(result.quiet).toBe(true);
    expect(result.waitedMs).toBeGreaterThanOrEqual(2500);
  });

  it('gives up after its time and says so', async () => {
    const result = await waitFor('while (true);', { forMs: 1000, timeoutMs: 2000 });
    expect(result).toMatchObject({ quiet: false });
  });
});
