import { describe, expect, it } from 'vitest';
import { baseMediaType, needsRendition, viewerKind } from './viewer-kind';

const kind = (path: string, mediaType: string) => viewerKind({ path, mediaType });

describe('viewerKind', () => {
  it.each([
    ['karte.png', 'image/png', 'image'],
    ['foto.JPG', 'image/jpeg', 'image'],
    ['orthofoto.tif', 'image/tiff', 'image'],
    ['symbol.svg', 'image/svg+xml', 'image'],
    ['bericht.pdf', 'application/pdf', 'pdf'],
    ['liesmich.txt', 'text/plain; charset=utf-8', 'text'],
    ['tabelle.csv', 'text/csv', 'table'],
    ['tabelle.CSV', 'text/plain; charset=utf-8', 'table'],
    ['messwerte.tsv', 'text/tab-separated-values', 'table'],
    ['daten.json', 'application/json', 'text'],
    ['metadaten.xml', 'application/xml', 'text'],
    ['gebiete.gml', 'application/gml+xml', 'text'],
    ['gebiete.geojson', 'application/geo+json', 'geojson'],
    ['gebiete.geojson', 'application/json', 'geojson'],
    ['gebiete.GeoJSON', 'text/plain', 'geojson'],
    ['flug.mp4', 'video/mp4', 'video'],
    ['interview.ogg', 'audio/ogg', 'audio'],
    ['archiv.zip', 'application/zip', 'none'],
    ['daten.bin', 'application/octet-stream', 'none'],
  ])('%s (%s) → %s', (path, mediaType, expected) => {
    expect(kind(path, mediaType)).toBe(expected);
  });

  it('lets the server’s preview type decide when the media type says nothing', () => {
    expect(viewerKind({ path: 'a.bin', mediaType: 'application/octet-stream' }, 'geojson')).toBe(
      'geojson',
    );
    // The media type wins where it is clear.
    expect(viewerKind({ path: 'a.pdf', mediaType: 'application/pdf' }, 'image')).toBe('pdf');
  });

  it('knows which images need the server’s rendering', () => {
    expect(needsRendition('image/tiff')).toBe(true);
    expect(needsRendition('image/jp2')).toBe(true);
    expect(needsRendition('image/png')).toBe(false);
    expect(needsRendition('application/pdf')).toBe(false);
  });

  it('strips parameters and case from media types', () => {
    expect(baseMediaType('Text/HTML; Charset=UTF-8')).toBe('text/html');
  });
});
