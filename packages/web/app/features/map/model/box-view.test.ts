// @vitest-environment jsdom
import OlMap from 'ol/Map';
import { toLonLat } from 'ol/proj';
import View from 'ol/View';
import { describe, expect, it } from 'vitest';
import { viewForBox } from './box-view';
import { roundView } from './url-state';
import { bboxToExtent, boxFit } from './view';

// OpenLayers watches its target's size; jsdom has no ResizeObserver.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

const mapOfSize = (width: number, height: number) => {
  const map = new OlMap({ view: new View({ center: [0, 0], zoom: 2 }) });
  map.setSize([width, height]);
  return map;
};

describe('viewForBox', () => {
  it('is the view that fitting the box gives', () => {
    for (const [size, box] of [
      [
        [800, 600],
        [9.5, 52.1, 11.6, 53],
      ],
      [
        [320, 300],
        [5.8, 47.2, 15.1, 55.1],
      ],
      [
        [1200, 500],
        [-10, 35, 30, 60],
      ],
    ] as const) {
      const map = mapOfSize(size[0], size[1]);
      const computed = viewForBox(map, box);
      const view = map.getView();
      view.fit(bboxToExtent(box), { ...boxFit, size: [...size], duration: 0 });
      const fitted = roundView({
        center: toLonLat(view.getCenter() ?? [0, 0]) as [number, number],
        zoom: view.getZoom() ?? 0,
      });
      expect(computed?.center[0]).toBeCloseTo(fitted.center[0], 4);
      expect(computed?.center[1]).toBeCloseTo(fitted.center[1], 4);
      expect(computed?.zoom).toBeCloseTo(fitted.zoom, 1);
    }
  });

  it('comes no closer than a town, and waits for a size', () => {
    expect(viewForBox(mapOfSize(800, 600), [10, 52, 10.0001, 52.0001])?.zoom).toBe(boxFit.maxZoom);
    expect(viewForBox(new OlMap({ view: new View() }), [10, 52, 11, 53])).toBeUndefined();
  });
});
