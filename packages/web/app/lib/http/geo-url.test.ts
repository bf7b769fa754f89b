import { describe, expect, it } from 'vitest';
import { geoUrl, proxiedUrl } from './geo-url';

describe('geoUrl', () => {
  it('puts geo paths beside an absolute API base, not under it', () => {
    expect(geoUrl('http://127.0.0.1:8085/api/v1', '/basemap')).toBe(
      'http://127.0.0.1:8085/geoth/basemap',
    );
    expect(geoUrl('https://geo.example/api/v1', 'places', { q: 'Köln', limit: 5 })).toBe(
      'https://geo.example/geoth/places?q=K%C3%B6ln&limit=5',
    );
  });

  it('uses the page origin for a relative API base', () => {
    expect(geoUrl('/api/v1', '/config')).toMatch(/^https?:\/\/[^/]+\/geoth\/config$/);
  });
});

describe('proxiedUrl', () => {
  it('sends the whole external URL, query included, as one encoded parameter', () => {
    expect(
      proxiedUrl('http://h/api/v1', 'https://maps.example/wms?map=/a.map&SERVICE=WMS&LAYERS=x,y'),
    ).toBe(
      'http://h/geoth/proxy?url=https%3A%2F%2Fmaps.example%2Fwms%3Fmap%3D%2Fa.map%26SERVICE%3DWMS%26LAYERS%3Dx%2Cy',
    );
  });
});
