import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlibConstants } from 'node:zlib';
import {
  type BasemapLayerId,
  type BasemapManifest,
  basemapLayerIds,
} from '@geoportal/contract/geo';
import { BASEMAP_ATTRIBUTION, basemapLayers, buildLayer, dataVersion } from './basemap-data.js';
import { BasemapNotFoundError } from './geo.errors.js';

/**
 * Serves the offline basemap: the manifest and each layer's GeoJSON per level. A layer is
 * prepared once per process, on its first request, together with its gzip and brotli forms,
 * so requests only pick bytes from memory.
 */

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export type Encoding = 'br' | 'gzip' | 'identity';

/** One prepared layer (or tile): the same body in each encoding, and its strong ETag. */
export interface PreparedLayer {
  hash: string;
  bodies: Record<Encoding, Buffer>;
}

export interface BasemapService {
  manifest(): BasemapManifest;
  /** The prepared layer; 404 error for an unknown layer or a level the layer lacks. */
  layer(layer: string, level: string): Promise<PreparedLayer>;
}

export function createBasemapService(): BasemapService {
  const version = dataVersion();
  const prepared = new Map<string, Promise<PreparedLayer>>();

  return {
    manifest: () => ({
      version,
      layers: basemapLayers,
      attribution: BASEMAP_ATTRIBUTION,
    }),

    async layer(layer, level) {
      if (!isLayerId(layer)) throw new BasemapNotFoundError(`layer "${layer.slice(0, 40)}"`);
      const levelId = /^\d{1,2}$/.test(level) ? Number(level) : Number.NaN;
      const known = basemapLayers.find((candidate) => candidate.id === layer);
      const levels = known?.levels.map((candidate) => candidate.id) ?? [];
      if (!levels.includes(levelId)) {
        throw new BasemapNotFoundError(
          `level "${level.slice(0, 4)}" of layer ${layer} (levels: ${levels.join(', ')})`,
        );
      }
      const key = `${layer}/${levelId}`;
      let entry = prepared.get(key);
      if (!entry) {
        entry = prepare(layer, levelId, version);
        // A failed preparation is not kept, so the next request tries again.
        entry.catch(() => prepared.delete(key));
        prepared.set(key, entry);
      }
      return entry;
    },
  };
}

function isLayerId(value: string): value is BasemapLayerId {
  return (basemapLayerIds as readonly string[]).includes(value);
}

async function prepare(
  layer: BasemapLayerId,
  level: number,
  version: string,
): Promise<PreparedLayer> {
  const features = (await buildLayer(layer, level)) ?? [];
  const json = Buffer.from(JSON.stringify({ type: 'FeatureCollection', features }));
  const hash = createHash('sha256').update(version).update(json).digest('base64url').slice(0, 27);
  return { hash, bodies: await encodeBodies(json) };
}

/** A body as it is and compressed with brotli and gzip, each once, to pick from later. */
export async function encodeBodies(body: Buffer): Promise<Record<Encoding, Buffer>> {
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: 9,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzipAsync(body, { level: 9 }),
  ]);
  return { br, gzip: gz, identity: body };
}

/** The best encoding the client accepts: brotli, then gzip, else none. */
export function negotiateEncoding(acceptEncoding: string | undefined): Encoding {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name, ...parameters] = part.trim().split(';');
    if (!name) continue;
    const q = parameters.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const weight = (name: string) => accepted.get(name) ?? accepted.get('*') ?? 0;
  if (weight('br') > 0) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return 'identity';
}

/** Strong ETag of one encoding of a layer (each encoding is its own representation). */
export function etagOf(layer: PreparedLayer, encoding: Encoding): string {
  return `"${layer.hash}${encoding === 'identity' ? '' : `-${encoding}`}"`;
}

/** Whether an If-None-Match header names this ETag (or `*`). */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}
