/**
 * Which online resources the map can show, without any schema library, so that the browser's
 * map part can use it (`record.ts`, with the zod schemas, re-exports these).
 */

/** Protocol codes whose resources can be shown on the map. */
export const mapServiceProtocols = ['wms', 'wmts'] as const;

export const isMapService = (resource: { protocol: string }) =>
  (mapServiceProtocols as readonly string[]).includes(resource.protocol);
