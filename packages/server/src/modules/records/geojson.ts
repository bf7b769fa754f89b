import { ObjectState } from '@geoportal/contract/object';
import { type BoundingBox, crossesAntimeridian, type Metadata } from '@geoportal/contract/record';
import { z } from 'zod';

/** `GET /object/{id}` as GeoJSON (RFC 7946): the footprint and the main facts. */
export const RecordFeature = z
  .object({
    type: z.literal('Feature'),
    id: z.string(),
    bbox: z.array(z.number()).length(4).optional(),
    geometry: z.record(z.string(), z.unknown()).nullable(),
    properties: z.object({
      id: z.string(),
      type: z.string(),
      state: ObjectState,
      title: z.object({ de: z.string().optional(), en: z.string().optional() }),
      abstract: z.object({ de: z.string().optional(), en: z.string().optional() }).optional(),
      keywords: z.array(z.string()).optional(),
      licence: z.string().optional(),
      created: z.string(),
      modified: z.string(),
    }),
  })
  .meta({ id: 'RecordFeature' });
export type RecordFeature = z.infer<typeof RecordFeature>;

const ring = (west: number, south: number, east: number, north: number) => [
  [west, south],
  [east, south],
  [east, north],
  [west, north],
  [west, south],
];

/**
 * A box as GeoJSON: a Polygon, or a MultiPolygon of its two halves when it crosses the
 * antimeridian (RFC 7946 §3.1.9), so that clients draw it on the right side of the world.
 */
export function boxGeometry(box: BoundingBox) {
  if (crossesAntimeridian(box)) {
    return {
      type: 'MultiPolygon',
      coordinates: [
        [ring(box.west, box.south, 180, box.north)],
        [ring(-180, box.south, box.east, box.north)],
      ],
    };
  }
  return { type: 'Polygon', coordinates: [ring(box.west, box.south, box.east, box.north)] };
}

/**
 * Where a record lies, as a GeoJSON Feature says it: its exact geometry, else its box, else no
 * geometry; and the box as `bbox` when it has one. OGC API Records writes its records with it.
 */
export function featurePlace(metadata: Pick<Metadata, 'geometry' | 'extent'>) {
  const { extent } = metadata;
  return {
    geometry: metadata.geometry ?? (extent ? boxGeometry(extent) : null),
    ...(extent ? { bbox: [extent.west, extent.south, extent.east, extent.north] } : {}),
  };
}

/** The record as a Feature: its exact geometry, else its box, else no geometry. */
export function toFeature(object: {
  id: string;
  type: string;
  state: ObjectState;
  created: string;
  modified: string;
  metadata: Metadata;
}): RecordFeature {
  const { metadata } = object;
  return {
    type: 'Feature',
    id: object.id,
    ...featurePlace(metadata),
    properties: {
      id: object.id,
      type: object.type,
      state: object.state,
      title: metadata.title,
      ...(metadata.abstract ? { abstract: metadata.abstract } : {}),
      ...(metadata.keywords ? { keywords: metadata.keywords } : {}),
      ...(metadata.licence ? { licence: metadata.licence } : {}),
      created: object.created,
      modified: object.modified,
    },
  };
}
