// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import {
  CapabilitiesError,
  capabilitiesUrl,
  parseWmsCapabilities,
  parseWmtsCapabilities,
  pickInfoFormat,
} from './capabilities';

const wms = `<?xml version="1.0" encoding="UTF-8"?>
<WMS_Capabilities version="1.3.0" xmlns="http://www.opengis.net/wms" xmlns:xlink="http://www.w3.org/1999/xlink">
  <Service><Name>WMS</Name><Title>Testdienst</Title></Service>
  <Capability>
    <Request>
      <GetCapabilities><Format>text/xml</Format></GetCapabilities>
      <GetMap><Format>image/png</Format></GetMap>
      <GetFeatureInfo><Format>text/html</Format><Format>text/plain</Format></GetFeatureInfo>
    </Request>
    <Layer>
      <Name>root</Name>
      <Title>Alle Ebenen</Title>
      <Layer queryable="1">
        <Name>gebiete</Name>
        <Title>Testgebiete</Title>
        <EX_GeographicBoundingBox>
          <westBoundLongitude>9.6</westBoundLongitude><eastBoundLongitude>12</eastBoundLongitude>
          <southBoundLatitude>47.9</southBoundLatitude><northBoundLatitude>50.1</northBoundLatitude>
        </EX_GeographicBoundingBox>
        <Style><Name>default</Name><Title>default</Title>
          <LegendURL width="80" height="20"><Format>image/png</Format>
            <OnlineResource xlink:type="simple" xlink:href="https://maps.example/legend.png"/>
          </LegendURL>
        </Style>
      </Layer>
      <Layer><Title>Gruppe ohne Namen</Title>
        <Layer queryable="0"><Name>flüsse</Name></Layer>
      </Layer>
    </Layer>
  </Capability>
</WMS_Capabilities>`;

const wmts = `<?xml version="1.0" encoding="UTF-8"?>
<Capabilities xmlns="http://www.opengis.net/wmts/1.0" xmlns:ows="http://www.opengis.net/ows/1.1" version="1.0.0">
  <ows:ServiceIdentification><ows:Title>Kacheldienst</ows:Title></ows:ServiceIdentification>
  <Contents>
    <Layer>
      <ows:Title>Grundkarte</ows:Title>
      <ows:WGS84BoundingBox><ows:LowerCorner>5 47</ows:LowerCorner><ows:UpperCorner>16 56</ows:UpperCorner></ows:WGS84BoundingBox>
      <ows:Identifier>basis</ows:Identifier>
      <Style isDefault="true"><ows:Identifier>default</ows:Identifier></Style>
      <Format>image/png</Format>
      <TileMatrixSetLink><TileMatrixSet>GoogleMapsCompatible</TileMatrixSet></TileMatrixSetLink>
    </Layer>
  </Contents>
</Capabilities>`;

describe('WMS capabilities', () => {
  it('lists every named layer with title, queryable flag, legend and extent', () => {
    const service = parseWmsCapabilities(wms);
    expect(service.version).toBe('1.3.0');
    expect(service.title).toBe('Testdienst');
    expect(service.infoFormats).toEqual(['text/html', 'text/plain']);
    expect(service.layers).toEqual([
      { name: 'root', title: 'Alle Ebenen', queryable: false },
      {
        name: 'gebiete',
        title: 'Testgebiete',
        queryable: true,
        legendUrl: 'https://maps.example/legend.png',
        extent: [9.6, 47.9, 12, 50.1],
      },
      { name: 'flüsse', title: 'flüsse', queryable: false },
    ]);
  });

  it("reads a layer's Attribution, inherited by the layers below it", () => {
    const attributed = wms
      .replace(
        '<Title>Alle Ebenen</Title>',
        '<Title>Alle Ebenen</Title><Attribution><Title>© Landesamt &lt;Test&gt;</Title>' +
          '<OnlineResource xlink:type="simple" xlink:href="https://landesamt.example/"/></Attribution>',
      )
      .replace(
        '<Name>flüsse</Name>',
        '<Name>flüsse</Name><Attribution><Title>Gewässer: Wasseramt</Title>' +
          '<OnlineResource xlink:type="simple" xlink:href="javascript:alert(1)"/></Attribution>',
      );
    const layers = parseWmsCapabilities(attributed).layers;
    const credit = { title: '© Landesamt <Test>', url: 'https://landesamt.example/' };
    expect(layers.map((layer) => layer.attribution)).toEqual([
      credit,
      credit,
      // Only web addresses become links.
      { title: 'Gewässer: Wasseramt' },
    ]);
  });

  it('refuses what is no WMS capabilities document', () => {
    expect(() => parseWmsCapabilities('<html>Login</html>')).toThrow(CapabilitiesError);
    expect(() => parseWmsCapabilities(wmts)).toThrow(CapabilitiesError);
  });
});

describe('WMTS capabilities', () => {
  it('lists the layers and keeps the document for the tile source', () => {
    const service = parseWmtsCapabilities(wmts);
    expect(service.title).toBe('Kacheldienst');
    expect(service.layers).toEqual([
      { name: 'basis', title: 'Grundkarte', queryable: false, extent: [5, 47, 16, 56] },
    ]);
    expect(service.capabilities).toHaveProperty('Contents');
  });

  it('refuses a WMS document', () => {
    expect(() => parseWmtsCapabilities(wms)).toThrow(CapabilitiesError);
  });
});

describe('capabilitiesUrl', () => {
  it('adds SERVICE and REQUEST, keeping the parameters of the URL', () => {
    expect(capabilitiesUrl('wms', 'https://a.example/cgi?map=/srv/x.map')).toBe(
      'https://a.example/cgi?map=%2Fsrv%2Fx.map&SERVICE=WMS&REQUEST=GetCapabilities',
    );
    expect(
      capabilitiesUrl('wmts', 'https://a.example/wmts?service=WMTS&request=GetCapabilities'),
    ).toBe('https://a.example/wmts?service=WMTS&request=GetCapabilities');
  });
});

describe('pickInfoFormat', () => {
  it('prefers plain text, then JSON, else nothing', () => {
    expect(pickInfoFormat(['text/html', 'application/json', 'text/plain'])).toBe('text/plain');
    expect(pickInfoFormat(['application/geo+json'])).toBe('application/geo+json');
    expect(pickInfoFormat(['text/html'])).toBeUndefined();
  });
});
