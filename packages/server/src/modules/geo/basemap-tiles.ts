import { createHash } from 'node:crypto';
import { encodeBodies, type PreparedLayer } from './basemap.service.js';
import { createTileThread } from './basemap-tile-thread.js';

/**
 * The offline basemap as Mapbox Vector Tiles (`GET /geoth/basemap/tiles/{z}/{x}/{y}.pbf`), so
 * the map fetches and parses only the tiles in view at the zoom in view instead of whole
 * layers. The tiles are cut in a thread of their own (basemap-tile-thread.ts,
 * basemap-tile-cutter.ts), kept in memory with their gzip and brotli forms, and the most
 * recently made ones reused.
 */

/** How many encoded tiles stay in memory (a few MB); older ones are made again when asked. */
const CACHED_TILES = 4096;

export interface BasemapTiles {
  /** The encoded tile z/x/y (bounds are checked by the route's schema). */
  tile(z: number, x: number, y: number): Promise<PreparedLayer>;
  /** Ends the tile thread (when the server closes). */
  close(): Promise<void>;
}

export function createBasemapTiles(version: string): BasemapTiles {
  const cutter = createTileThread();
  const tiles = new Map<string, Promise<PreparedLayer>>();

  const make = async (z: number, x: number, y: number): Promise<PreparedLayer> => {
    const body = Buffer.from(await cutter.cut(z, x, y));
    const hash = createHash('sha256')
      .update(version)
      .update(`${z}/${x}/${y}`)
      .update(body)
      .digest('base64url')
      .slice(0, 27);
    return { hash, bodies: await encodeBodies(body) };
  };

  return {
    tile(z, x, y) {
      const key = `${z}/${x}/${y}`;
      let entry = tiles.get(key);
      if (entry) {
        // Most recently used last, so the oldest is the first to go.
        tiles.delete(key);
        tiles.set(key, entry);
        return entry;
      }
      entry = make(z, x, y);
      entry.catch(() => tiles.delete(key));
      tiles.set(key, entry);
      if (tiles.size > CACHED_TILES) {
        const oldest = tiles.keys().next().value;
        if (oldest !== undefined) tiles.delete(oldest);
      }
      return entry;
    },
    close: () => cutter.close(),
  };
}
