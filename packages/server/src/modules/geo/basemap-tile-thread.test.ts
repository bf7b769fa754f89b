import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workerTileThread } from './basemap-tile-thread.js';

/**
 * The thread's bookkeeping with a stand-in worker (plain JavaScript, which a worker thread can
 * run under the test runner): answers go to the right caller, a thread that dies fails what it
 * was cutting and the next tile starts a new one, closing fails what is pending. The real
 * worker is checked against the built server code in basemap-tile-thread.process.test.ts.
 */
const standIn = `
import { parentPort } from 'node:worker_threads';
parentPort.on('message', ({ id, z, x, y }) => {
  if (z === 99) process.exit(3);
  if (z === 98) return; // never answers
  if (z === 97) return parentPort.postMessage({ id, failure: 'no such tile' });
  // Later requests answer first, so that answers must find their callers by id.
  setTimeout(() => parentPort.postMessage({ id, body: new Uint8Array([z, x, y]) }), 50 - z * 5);
});
`;

describe('basemap tile thread', () => {
  let dir: string;
  let file: URL;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'tile-thread-'));
    const script = path.join(dir, 'worker.mjs');
    await writeFile(script, standIn);
    file = pathToFileURL(script);
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('answers each tile to the caller that asked for it', async () => {
    const thread = workerTileThread(file);
    try {
      const answers = await Promise.all([thread.cut(1, 2, 3), thread.cut(4, 5, 6)]);
      expect(answers.map((body) => [...body])).toEqual([
        [1, 2, 3],
        [4, 5, 6],
      ]);
    } finally {
      await thread.close();
    }
  });

  it('fails the tile the worker could not cut and keeps the thread', async () => {
    const thread = workerTileThread(file);
    try {
      await expect(thread.cut(97, 0, 0)).rejects.toThrow('The tile could not be cut: no such tile');
      expect([...(await thread.cut(2, 1, 1))]).toEqual([2, 1, 1]);
    } finally {
      await thread.close();
    }
  });

  it('fails what a dying thread was cutting and starts a new thread for the next tile', async () => {
    const thread = workerTileThread(file);
    try {
      const lost = expect(thread.cut(98, 0, 0)).rejects.toThrow(
        'The tile thread exited with code 3',
      );
      await expect(thread.cut(99, 0, 0)).rejects.toThrow('The tile thread exited with code 3');
      await lost;
      expect([...(await thread.cut(3, 2, 1))]).toEqual([3, 2, 1]);
    } finally {
      await thread.close();
    }
  });

  it('fails pending tiles when closed, and a later tile starts the thread again', async () => {
    const thread = workerTileThread(file);
    const failed = expect(thread.cut(98, 0, 0)).rejects.toThrow('The tile thread was closed');
    await thread.close();
    await failed;
    expect([...(await thread.cut(1, 1, 1))]).toEqual([1, 1, 1]);
    await thread.close();
  });
});
