import { describe, expect, it } from 'vitest';
import { mapLinkFor } from './map-link';

describe('mapLinkFor', () => {
  it('links the home page with the service and its layer', () => {
    const link = mapLinkFor({
      protocol: 'wms',
      url: 'https://geo.example/wms?SERVICE=WMS&map=a b',
      layer: 'boden:karte',
    });
    expect(link).toBe(
      '/?layer=wms%3Ahttps%3A%2F%2Fgeo.example%2Fwms%3FSERVICE%3DWMS%26map%3Da+b&name=boden%3Akarte',
    );
    const query = new URLSearchParams(link.slice(link.indexOf('?')));
    expect(query.get('layer')).toBe('wms:https://geo.example/wms?SERVICE=WMS&map=a b');
    expect(query.get('name')).toBe('boden:karte');
  });

  it('leaves the layer name out when the record has none', () => {
    const link = mapLinkFor({ protocol: 'wmts', url: 'https://geo.example/wmts' });
    expect(link).toBe('/?layer=wmts%3Ahttps%3A%2F%2Fgeo.example%2Fwmts');
    expect(new URLSearchParams(link.slice(2)).has('name')).toBe(false);
  });
});
