import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TileCutter } from './basemap-tile-cutter.js';
import type { TileThread } from './basemap-tile-thread.js';

/**
 * The built server's tile thread (the compiled worker, which the test runner cannot start from
 * the TypeScript sources): it cuts the same bytes as the cutter in the calling thread, at the
 * coarse and the fine detail levels.
 */
const built = (file: string) => new URL(`../../../dist/modules/geo/${file}`, import.meta.url);

describe('basemap tile thread of the build', () => {
  let thread: TileThread;
  let here: TileCutter;
  beforeAll(async () => {
    const threadModule = built('basemap-tile-thread.js');
    if (!existsSync(fileURLToPath(threadModule))) {
      throw new Error(`${fileURLToPath(threadModule)} is missing: run "npm run build" first`);
    }
    const { createTileThread } = (await import(
      threadModule.href
    )) as typeof import('./basemap-tile-thread.js');
    const { createTileCutter } = (await import(
      built('basemap-tile-cutter.js').href
    )) as typeof import('./basemap-tile-cutter.js');
    thread = createTileThread();
    here = createTileCutter();
  });
  afterAll(async () => {
    await thread?.close();
  });

  it.each([
    [0, 0, 0],
    [4, 8, 5],
    [6, 33, 21],
    [9, 268, 172],
  ])(
    'cuts tile %i/%i/%i as the calling thread does',
    async (z, x, y) => {
      const [fromThread, fromHere] = await Promise.all([thread.cut(z, x, y), here.cut(z, x, y)]);
      expect(fromThread.length).toBeGreaterThan(100);
      expect(Buffer.from(fromThread).equals(Buffer.from(fromHere))).toBe(true);
    },
    60_000,
  );
});
