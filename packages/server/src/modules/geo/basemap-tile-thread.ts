import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { createTileCutter, type TileCutter } from './basemap-tile-cutter.js';
import type { TileAnswer, TileRequest } from './basemap-tile-worker.js';

/**
 * The basemap's tiles are cut in a worker thread. The first tile of a detail level builds that
 * level's tile index from Natural Earth's data (decoding, clipping, simplifying and
 * projecting every feature), 0.3–0.7 s of computation per level; in the server's own thread it
 * held up every other request meanwhile, the first time a map showed Europe at a fine zoom
 * (measured: the event loop blocked for up to 0.5 s, and under load saves waited 3 s).
 *
 * One thread, started with the first tile and kept: it holds the tile indexes, which are made
 * once per level. Idle, it does not keep the process alive. If it fails or exits, the tiles
 * it was cutting fail (their requests get a 500) and the next tile starts a new thread.
 *
 * The thread runs the compiled `basemap-tile-worker.js`. Under the test runner the modules are
 * TypeScript sources, which a worker thread of Node 20 cannot load; there the tiles are cut in
 * the calling thread by the same code (the process tests check the thread with the build).
 */
export interface TileThread extends TileCutter {
  /** Ends the thread; a later tile starts a new one. */
  close(): Promise<void>;
}

const compiledWorker = new URL('./basemap-tile-worker.js', import.meta.url);

export function createTileThread(): TileThread {
  if (!import.meta.url.endsWith('.js') || !existsSync(fileURLToPath(compiledWorker))) {
    return { cut: createTileCutter().cut, close: async () => undefined };
  }
  return workerTileThread(compiledWorker);
}

interface Waiting {
  resolve(body: Uint8Array): void;
  reject(error: Error): void;
}

/** The thread running `file` (a TileRequest in, a TileAnswer out). */
export function workerTileThread(file: URL): TileThread {
  let worker: Worker | undefined;
  const waiting = new Map<number, Waiting>();
  let nextId = 0;

  const failAll = (reason: string) => {
    for (const { reject } of waiting.values()) reject(new Error(reason));
    waiting.clear();
  };

  const start = () => {
    // The thread loads the built modules as they are: the calling process's flags (a test
    // runner's resolution of the contract to its TypeScript sources) are not for it.
    const started = new Worker(file, { execArgv: [] });
    started.on('message', (answer: TileAnswer) => {
      const entry = waiting.get(answer.id);
      if (!entry) return;
      waiting.delete(answer.id);
      if (waiting.size === 0) started.unref();
      if ('body' in answer) entry.resolve(answer.body);
      else entry.reject(new Error(`The tile could not be cut: ${answer.failure}`));
    });
    const stopped = (reason: string) => {
      if (worker !== started) return;
      worker = undefined;
      failAll(reason);
    };
    started.on('error', (error) => stopped(`The tile thread failed: ${error.message}`));
    started.on('exit', (code) => stopped(`The tile thread exited with code ${code}`));
    return started;
  };

  return {
    cut(z, x, y) {
      worker ??= start();
      const running = worker;
      const id = nextId++;
      return new Promise<Uint8Array>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        // Alive while it cuts, so that a pending tile keeps the process; idle, it does not.
        running.ref();
        running.postMessage({ id, z, x, y } satisfies TileRequest);
      });
    },
    async close() {
      const running = worker;
      worker = undefined;
      failAll('The tile thread was closed');
      await running?.terminate();
    },
  };
}
