import { describe, expect, it } from 'vitest';
import { layerListReducer, type MapLayer, newLayer } from './layer-list';

const a = newLayer({ kind: 'wms', url: 'https://a.example/wms', name: 'a', title: 'Layer A' });
const b = newLayer({ kind: 'wmts', url: 'https://b.example/wmts', name: 'b' });
const c = newLayer({ kind: 'gpx', url: 'https://c.example/track.gpx' });
const file = newLayer({ id: 'file|x.kml|1', kind: 'kml', url: '', title: 'x.kml', data: '<kml/>' });

describe('layer list', () => {
  it('gives new layers defaults and a stable id', () => {
    expect(a).toEqual({
      id: 'wms|https://a.example/wms|a',
      kind: 'wms',
      url: 'https://a.example/wms',
      name: 'a',
      title: 'Layer A',
      visible: true,
      opacity: 1,
    });
    expect(c.title).toBe('https://c.example/track.gpx');
  });

  it('adds, and adding the same layer again only shows it', () => {
    let layers = layerListReducer([], { type: 'add', layer: a });
    layers = layerListReducer(layers, { type: 'setVisible', id: a.id, visible: false });
    layers = layerListReducer(layers, { type: 'add', layer: { ...a, title: 'other' } });
    expect(layers).toEqual([a]);
  });

  it('moves layers up and down within the stack', () => {
    const layers = [a, b, c];
    const up = layerListReducer(layers, { type: 'move', id: a.id, direction: 'up' });
    expect(up.map((l) => l.name || l.kind)).toEqual(['b', 'a', 'gpx']);
    expect(layerListReducer(layers, { type: 'move', id: c.id, direction: 'up' })).toBe(layers);
    expect(layerListReducer(layers, { type: 'move', id: a.id, direction: 'down' })).toBe(layers);
    const down = layerListReducer(layers, { type: 'move', id: c.id, direction: 'down' });
    expect(down.map((l) => l.id)).toEqual([a.id, c.id, b.id]);
  });

  it('sets opacity within 0…1, visibility and removes', () => {
    let layers: MapLayer[] = [a, b];
    layers = layerListReducer(layers, { type: 'setOpacity', id: b.id, opacity: 1.7 });
    expect(layers).toEqual([a, b]);
    layers = layerListReducer(layers, { type: 'setOpacity', id: b.id, opacity: 0.3 });
    expect(layers[1]?.opacity).toBe(0.3);
    layers = layerListReducer(layers, { type: 'setVisible', id: a.id, visible: false });
    expect(layers[0]?.visible).toBe(false);
    layers = layerListReducer(layers, { type: 'remove', id: a.id });
    expect(layers.map((l) => l.id)).toEqual([b.id]);
    expect(layerListReducer(layers, { type: 'remove', id: 'none' })).toBe(layers);
  });

  it('takes the layers of the address, keeping local files and learnt titles', () => {
    const current = [a, file];
    const fromUrl = [newLayer({ kind: 'wms', url: a.url, name: 'a' }), b];
    const next = layerListReducer(current, { type: 'replaceFromUrl', layers: fromUrl });
    expect(next.map((l) => l.id)).toEqual([a.id, b.id, file.id]);
    expect(next[0]?.title).toBe('Layer A');
    expect(layerListReducer(next, { type: 'replaceFromUrl', layers: fromUrl })).toBe(next);
  });
});
