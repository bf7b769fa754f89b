import { describe, expect, it } from 'vitest';
import { newLayer } from './layer-list';
import { layerEntry, parseLayerEntry, parseMapUrl, roundView, serializeMapUrl } from './url-state';

const wms = newLayer({
  kind: 'wms',
  url: 'https://maps.example/wms?map=/srv/a.map&x=1|2',
  name: 'ns:layer|1',
  opacity: 0.55,
  visible: false,
});

describe('map URL state', () => {
  it('reads centre, zoom, basemap, layers and query', () => {
    const state = parseMapUrl(
      `?c=13.40495,52.52001&z=9.5&b=topo&l=${encodeURIComponent(layerEntry(wms))}&q=Boden`,
    );
    expect(state.center).toEqual([13.40495, 52.52001]);
    expect(state.zoom).toBe(9.5);
    expect(state.basemap).toBe('topo');
    expect(state.query).toBe('Boden');
    expect(state.layers).toEqual([{ ...wms, title: 'ns:layer|1', opacity: 0.55 }]);
  });

  it('round-trips through serialise and parse, keeping other parameters', () => {
    const geojson = newLayer({ kind: 'geojson', url: 'https://data.example/a.geojson' });
    const search = serializeMapUrl(
      {
        view: { center: [7.123456789, 50.987654321], zoom: 7.12345 },
        basemap: 'offline',
        layers: [wms, geojson],
        query: 'Wasser und Boden',
      },
      new URLSearchParams('utm=1&c=0,0&layer=wms:https://old.example'),
    );
    expect(search).toMatch(/^utm=1&c=7.12346%2C50.98765&z=7.12&l=/);
    expect(search).not.toContain('b=');
    expect(search).not.toContain('layer=');
    const state = parseMapUrl(search);
    expect(state.center).toEqual([7.12346, 50.98765]);
    expect(state.layers.map((layer) => layer.id)).toEqual([wms.id, geojson.id]);
    expect(state.layers[0]).toMatchObject({ visible: false, opacity: 0.55, name: 'ns:layer|1' });
    expect(state.query).toBe('Wasser und Boden');
  });

  it('reads the box of a "show on the map" link, which a view of its own overrides', () => {
    expect(parseMapUrl('?bbox=9.5,52.1,11.6,53').extent).toEqual([9.5, 52.1, 11.6, 53]);
    expect(parseMapUrl('?bbox=9.5,52.1,11.6,53&c=10,52&z=8').extent).toBeUndefined();
    for (const wrong of ['1,2,3', '1,2,3,x', '11,52,9,53', '9,53,11,52', '-181,0,0,1', '0,,1,2']) {
      expect(parseMapUrl(`?bbox=${wrong}`).extent, wrong).toBeUndefined();
    }
    // The map's own writes put its view in the box's place.
    const written = serializeMapUrl(
      { view: { center: [10, 52], zoom: 8 }, basemap: 'offline', layers: [], query: '' },
      new URLSearchParams('bbox=9.5,52.1,11.6,53'),
    );
    expect(written).toBe('c=10%2C52&z=8');
  });

  it('leaves local files out of the address', () => {
    const file = newLayer({ id: 'file|a.kml|1', kind: 'kml', url: '', data: '<kml/>' });
    const search = serializeMapUrl({
      view: { center: [0, 0], zoom: 2 },
      basemap: 'offline',
      layers: [file],
      query: '',
    });
    expect(search).toBe('c=0%2C0&z=2');
  });

  it('reads the "open in map" link form as a layer, or a service to pick from', () => {
    const named = parseMapUrl(
      new URLSearchParams({ layer: 'wms:https://a.example/wms?map=x', name: 'rivers' }),
    );
    expect(named.layers).toEqual([
      newLayer({ kind: 'wms', url: 'https://a.example/wms?map=x', name: 'rivers' }),
    ]);
    expect(named.service).toBeUndefined();
    const unnamed = parseMapUrl(new URLSearchParams({ layer: 'WMTS:https://a.example/wmts' }));
    expect(unnamed.layers).toEqual([]);
    expect(unnamed.service).toEqual({ kind: 'wmts', url: 'https://a.example/wmts' });
  });

  it('drops what is malformed instead of failing', () => {
    const state = parseMapUrl(
      '?c=200,10&z=99&l=wms|1|50||https%3A%2F%2Fa.example&l=xyz|1|50|a|https%3A%2F%2Fa.example' +
        '&l=geojson|1|50||javascript%3Aalert(1)&l=wms|1|150|a|https%3A%2F%2Fa.example&l=%E0%A4%A' +
        '&layer=wms:ftp://a.example&b=',
    );
    expect(state).toEqual({
      center: undefined,
      zoom: undefined,
      basemap: undefined,
      layers: [],
      query: '',
    });
    expect(parseLayerEntry('wms|1|50|a')).toBeUndefined();
  });

  it('adds the same layer only once', () => {
    const entry = encodeURIComponent(layerEntry(wms));
    const state = parseMapUrl(`?l=${entry}&l=${entry}`);
    expect(state.layers).toHaveLength(1);
  });

  it('rounds views so tiny moves make no new history entry', () => {
    expect(roundView({ center: [1.0000049, 2.0000051], zoom: 3.004 })).toEqual({
      center: [1, 2.00001],
      zoom: 3,
    });
  });
});
