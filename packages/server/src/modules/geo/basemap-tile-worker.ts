import { parentPort } from 'node:worker_threads';
import { createTileCutter } from './basemap-tile-cutter.js';

/**
 * The tile thread's entry (started by basemap-tile-thread.ts): cuts the tiles it is asked
 * for, in the order asked, and answers each with its encoded bytes (moved, not copied) or
 * why it failed.
 */

export interface TileRequest {
  id: number;
  z: number;
  x: number;
  y: number;
}

export type TileAnswer = { id: number; body: Uint8Array } | { id: number; failure: string };

const cutter = createTileCutter();

parentPort?.on('message', ({ id, z, x, y }: TileRequest) => {
  cutter.cut(z, x, y).then(
    (encoded) => {
      // The encoder's bytes are a view into a larger buffer: a copy of its own moves alone.
      const body = encoded.slice();
      parentPort?.postMessage({ id, body } satisfies TileAnswer, [body.buffer]);
    },
    (error: unknown) => {
      const failure = error instanceof Error ? error.message : String(error);
      parentPort?.postMessage({ id, failure } satisfies TileAnswer);
    },
  );
});
