import { describe, expect, it } from 'vitest';
import { parseGeoJson } from './geojson';

describe('parseGeoJson', () => {
  it('counts the features of a collection, a feature and a bare geometry', () => {
    const collection = {
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', geometry: { type: 'Point', coordinates: [12.1, 51.3] }, properties: {} },
        { type: 'Feature', geometry: null, properties: {} },
      ],
    };
    expect(parseGeoJson(JSON.stringify(collection))).toMatchObject({
      featureCount: 2,
      outOfRange: false,
    });
    expect(
      parseGeoJson('{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]}}'),
    ).toMatchObject({ featureCount: 1 });
    expect(parseGeoJson('{"type":"LineString","coordinates":[[1,2],[3,4]]}')).toMatchObject({
      featureCount: 1,
    });
  });

  it('notices coordinates that cannot be WGS84', () => {
    const utm = { type: 'Point', coordinates: [389_000, 5_819_000] };
    expect(parseGeoJson(JSON.stringify(utm))?.outOfRange).toBe(true);
  });

  it('answers null for what is not GeoJSON', () => {
    expect(parseGeoJson('not json')).toBeNull();
    expect(parseGeoJson('[1, 2]')).toBeNull();
    expect(parseGeoJson('{"type":"Topology"}')).toBeNull();
  });
});
