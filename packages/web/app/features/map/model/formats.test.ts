// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { footprintTitle } from './footprint-text';
import { vectorKindOfFile } from './layer-list';
import { wmsLegendUrl } from './legend';
import { formatArea, formatLength } from './measure-format';
import { ensureProjection, formatCoordinate } from './projections';
import { readVectorFeatures } from './vector-format';
import { extentToBbox, motionDuration } from './view';

describe('measure format', () => {
  it('writes lengths in m or km and areas in m², ha or km²', () => {
    expect(formatLength(950.4, 'de')).toBe('950 m');
    expect(formatLength(12_345, 'de')).toBe('12,35 km');
    expect(formatLength(12_345, 'en')).toBe('12.35 km');
    expect(formatArea(500, 'de')).toBe('500 m²');
    expect(formatArea(25_000, 'de')).toBe('2,5 ha');
    expect(formatArea(3_500_000, 'en')).toBe('3.5 km²');
  });
});

describe('coordinates', () => {
  // Berlin, Brandenburg Gate, in Web Mercator.
  const berlin = [1489199.5, 6894025.7];
  it('writes degrees with 5 decimals and metres whole, in the number format of the page', async () => {
    expect(formatCoordinate(berlin, 'EPSG:25832', 'en')).toBeUndefined();
    await ensureProjection('EPSG:25832');
    expect(formatCoordinate(berlin, 'EPSG:4326', 'de')).toMatch(/^13,377\d\d; 52,516\d\d$/);
    expect(formatCoordinate(berlin, 'EPSG:3857', 'en')).toBe('1489200; 6894026');
    expect(formatCoordinate(berlin, 'EPSG:25833', 'en')).toMatch(/^3899\d\d; 5819\d{3}$/);
    expect(formatCoordinate(berlin, 'EPSG:25832', 'en')).toMatch(/^7969\d\d; 5827\d{3}$/);
  });

  it('turns a map extent into a box in degrees, clamped to the world', () => {
    const [west, south, east, north] = extentToBbox([-3e7, -3e7, 3e7, 3e7]);
    expect([west, east]).toEqual([-180, 180]);
    expect(south).toBeGreaterThanOrEqual(-90);
    expect(north).toBeLessThanOrEqual(90);
  });
});

describe('vector data', () => {
  it('reads GeoJSON, KML and GPX into map coordinates', () => {
    const geojson = readVectorFeatures(
      'geojson',
      JSON.stringify({
        type: 'Feature',
        properties: { a: 1 },
        geometry: { type: 'Point', coordinates: [10, 50] },
      }),
    );
    expect(geojson).toHaveLength(1);
    const [x] = (geojson[0]?.getGeometry()?.getExtent() ?? []) as number[];
    expect(x).toBeCloseTo(1113194.9, 0);
    const kml = readVectorFeatures(
      'kml',
      '<kml xmlns="http://www.opengis.net/kml/2.2"><Placemark><name>P</name><Point><coordinates>10,50</coordinates></Point></Placemark></kml>',
    );
    expect(kml[0]?.get('name')).toBe('P');
    const gpx = readVectorFeatures(
      'gpx',
      '<gpx xmlns="http://www.topografix.com/GPX/1/1" version="1.1"><wpt lat="50" lon="10"><name>W</name></wpt></gpx>',
    );
    expect(gpx[0]?.get('name')).toBe('W');
    expect(() => readVectorFeatures('geojson', 'not json')).toThrow();
  });

  it('knows the kind of a file by its ending', () => {
    expect(vectorKindOfFile('Track.GPX')).toBe('gpx');
    expect(vectorKindOfFile('a.geojson')).toBe('geojson');
    expect(vectorKindOfFile('a.json')).toBe('geojson');
    expect(vectorKindOfFile('a.kml')).toBe('kml');
    expect(vectorKindOfFile('a.kmz')).toBeUndefined();
  });
});

describe('legend and titles', () => {
  it('builds a GetLegendGraphic request on the service URL', () => {
    const url = new URL(
      wmsLegendUrl('https://a.example/wms?map=/x.map&REQUEST=GetMap&service=wms', 'ns:gebiete'),
    );
    expect(url.searchParams.get('map')).toBe('/x.map');
    expect(url.searchParams.get('REQUEST')).toBe('GetLegendGraphic');
    expect(url.searchParams.get('LAYER')).toBe('ns:gebiete');
    expect(url.searchParams.get('SLD_VERSION')).toBe('1.1.0');
    expect(url.searchParams.getAll('service')).toEqual([]);
  });

  it('titles a footprint in the page language, else the other one', () => {
    const feature = {
      type: 'Feature' as const,
      id: 'x',
      geometry: { type: 'Polygon' as const, coordinates: [] },
      properties: { id: 'x', title: { de: 'Boden' }, type: 'dataset', mapServices: false },
    };
    expect(footprintTitle(feature, 'en')).toBe('Boden');
    expect(
      footprintTitle(
        { ...feature, properties: { ...feature.properties, title: { de: 'Boden', en: 'Soil' } } },
        'en',
      ),
    ).toBe('Soil');
  });
});

describe('motion', () => {
  it('animates zoom and pan only for people who did not ask for reduced motion', () => {
    const reduced = (matches: boolean) => {
      window.matchMedia = ((query: string) => ({
        matches: matches && query === '(prefers-reduced-motion: reduce)',
      })) as unknown as typeof window.matchMedia;
    };
    reduced(true);
    expect(motionDuration()).toBe(0);
    reduced(false);
    expect(motionDuration()).toBe(250);
  });
});
