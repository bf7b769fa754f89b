import { describe, expect, it } from 'vitest';
import { classifyContentType, isFeatureInfoRequest } from './content-types.js';

describe('content types', () => {
  it('passes images, XML, JSON and text, and OGC types', () => {
    for (const type of [
      'image/png',
      'image/jpeg',
      'image/webp',
      'image/gif',
      'text/xml',
      'application/xml',
      'application/vnd.ogc.wms_xml',
      'application/vnd.ogc.se_xml',
      'application/vnd.ogc.gml',
      'application/vnd.ogc.gml/3.1.1',
      'application/gml+xml',
      'application/json',
      'application/geo+json',
      'text/plain',
    ]) {
      expect(classifyContentType(type, false), type).toBe('plain');
    }
  });

  it('refuses page formats and unexpected types; HTML only as sandboxed feature info', () => {
    for (const type of [
      'text/html',
      'application/xhtml+xml',
      'image/svg+xml',
      'application/javascript',
      'application/octet-stream',
      '',
    ]) {
      expect(classifyContentType(type, false), type).toBeNull();
    }
    expect(classifyContentType('text/html', true)).toBe('sandboxed');
    expect(classifyContentType('image/svg+xml', true)).toBeNull();
  });

  it('recognises GetFeatureInfo requests in any spelling', () => {
    expect(isFeatureInfoRequest(new URL('http://x/wms?SERVICE=WMS&REQUEST=GetFeatureInfo'))).toBe(
      true,
    );
    expect(isFeatureInfoRequest(new URL('http://x/wms?request=getfeatureinfo'))).toBe(true);
    expect(isFeatureInfoRequest(new URL('http://x/wms?REQUEST=GetMap'))).toBe(false);
  });
});
