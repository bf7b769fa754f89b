import { describe, expect, it } from 'vitest';
import { isGeoJson, previewTypeOfMediaType, renderKind } from './preview-type.js';

describe('preview types', () => {
  it('maps sniffed media types', () => {
    expect(previewTypeOfMediaType('image/tiff')).toBe('image');
    expect(previewTypeOfMediaType('image/svg+xml')).toBe('none');
    expect(previewTypeOfMediaType('application/gml+xml')).toBe('text');
    expect(previewTypeOfMediaType('application/zip')).toBe('none');
    expect(renderKind('image/bmp')).toBeUndefined();
    expect(renderKind('image/tiff')).toBe('image');
  });

  it('tells GeoJSON from other JSON, whole or by its head', () => {
    expect(isGeoJson('{"type":"Point","coordinates":[1,2]}', true)).toBe(true);
    expect(isGeoJson('[{"type":"Point"}]', true)).toBe(false);
    expect(isGeoJson('{"data":{"type":"Feature"}}', true)).toBe(false);
    expect(isGeoJson('{"type":"Feat', true)).toBe(false);
    expect(
      isGeoJson('{"crs":{"type":"name"},"type":"FeatureCollection","features":[{"ty', false),
    ).toBe(true);
    expect(isGeoJson('{"kind":"list","items":[1,2,3', false)).toBe(false);
  });
});
