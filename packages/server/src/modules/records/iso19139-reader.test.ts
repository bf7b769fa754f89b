import { describe, expect, it } from 'vitest';
import { seededVocabularies } from '../../test/test-vocabularies.js';
import { readIso19139 } from './iso19139-reader.js';

/**
 * A record as GeoNetwork and German state catalogues write it: other prefixes, a default
 * namespace, a CSW wrapper, elements we do not model, GDI-DE licence JSON, ISO 639-2/T
 * locale ids and values that match none of our codes.
 */
const foreign = `<?xml version="1.0" encoding="UTF-8"?>
<csw:GetRecordByIdResponse xmlns:csw="http://www.opengis.net/cat/csw/2.0.2">
<MD_Metadata xmlns="http://www.isotc211.org/2005/gmd" xmlns:c="http://www.isotc211.org/2005/gco"
  xmlns:x="http://www.isotc211.org/2005/gmx" xmlns:l="http://www.w3.org/1999/xlink" xmlns:g="http://www.opengis.net/gml">
  <!-- produced elsewhere -->
  <fileIdentifier><c:CharacterString>8f1d-uuid</c:CharacterString></fileIdentifier>
  <language><LanguageCode codeList="x" codeListValue="deu"/></language>
  <hierarchyLevel><MD_ScopeCode codeList="x" codeListValue="nonGeographicDataset"/></hierarchyLevel>
  <locale><PT_Locale id="locale-eng"><languageCode><LanguageCode codeList="x" codeListValue="eng"/></languageCode></PT_Locale></locale>
  <referenceSystemInfo><MD_ReferenceSystem><referenceSystemIdentifier><RS_Identifier>
    <code><c:CharacterString>urn:ogc:def:crs:EPSG::25833</c:CharacterString></code>
  </RS_Identifier></referenceSystemIdentifier></MD_ReferenceSystem></referenceSystemInfo>
  <identificationInfo><MD_DataIdentification uuid="abc">
    <citation><CI_Citation>
      <title><c:CharacterString>Bodenkarte &amp; Moore</c:CharacterString>
        <PT_FreeText><textGroup><LocalisedCharacterString locale="#locale-eng">Soil map &amp; bogs</LocalisedCharacterString></textGroup></PT_FreeText></title>
      <date><CI_Date><date><c:DateTime>2019-05-04T12:00:00</c:DateTime></date><dateType><CI_DateTypeCode codeList="x" codeListValue="revision"/></dateType></CI_Date></date>
      <identifier><RS_Identifier><code><x:Anchor l:href="https://registry.example/bk50">https://registry.example/bk50</x:Anchor></code></RS_Identifier></identifier>
    </CI_Citation></citation>
    <abstract><c:CharacterString><![CDATA[Böden <Moore> im Land.]]></c:CharacterString></abstract>
    <status><MD_ProgressCode codeList="x" codeListValue="completed"/></status>
    <pointOfContact><CI_ResponsibleParty>
      <organisationName><c:CharacterString>LBEG</c:CharacterString></organisationName>
      <contactInfo><CI_Contact><phone><CI_Telephone><voice><c:CharacterString>not a number</c:CharacterString></voice></CI_Telephone></phone>
        <address><CI_Address><electronicMailAddress><c:CharacterString>poststelle@lbeg.niedersachsen.de</c:CharacterString></electronicMailAddress></CI_Address></address></CI_Contact></contactInfo>
      <role><CI_RoleCode codeList="x" codeListValue="owner"/></role>
    </CI_ResponsibleParty></pointOfContact>
    <pointOfContact><CI_ResponsibleParty>
      <organisationName><c:CharacterString>Unknown role office</c:CharacterString></organisationName>
      <role><CI_RoleCode codeList="x" codeListValue="rightsHolder"/></role>
    </CI_ResponsibleParty></pointOfContact>
    <descriptiveKeywords><MD_Keywords>
      <keyword><x:Anchor l:href="http://inspire.ec.europa.eu/theme/so">Boden</x:Anchor></keyword>
      <keyword><c:CharacterString>Bodenkunde</c:CharacterString></keyword>
      <thesaurusName><CI_Citation><title><c:CharacterString>GEMET - INSPIRE themes, version 1.0</c:CharacterString></title></CI_Citation></thesaurusName>
    </MD_Keywords></descriptiveKeywords>
    <descriptiveKeywords><MD_Keywords>
      <keyword><c:CharacterString>opendata</c:CharacterString></keyword>
      <keyword><x:Anchor l:href="https://inspire.ec.europa.eu/theme/hy">Hydrography</x:Anchor></keyword>
    </MD_Keywords></descriptiveKeywords>
    <resourceConstraints><MD_LegalConstraints>
      <accessConstraints><MD_RestrictionCode codeList="x" codeListValue="otherRestrictions"/></accessConstraints>
      <otherConstraints><x:Anchor l:href="http://inspire.ec.europa.eu/metadata-codelist/LimitationsOnPublicAccess/noLimitations">Es gelten keine Zugriffsbeschränkungen</x:Anchor></otherConstraints>
    </MD_LegalConstraints></resourceConstraints>
    <resourceConstraints><MD_LegalConstraints>
      <useConstraints><MD_RestrictionCode codeList="x" codeListValue="otherRestrictions"/></useConstraints>
      <otherConstraints><c:CharacterString>Datenlizenz Deutschland Namensnennung 2.0</c:CharacterString></otherConstraints>
      <otherConstraints><c:CharacterString>{"id":"dl-by-de/2.0","name":"Datenlizenz Deutschland Namensnennung 2.0","url":"https://www.govdata.de/dl-de/by-2-0","quelle":"LBEG"}</c:CharacterString></otherConstraints>
    </MD_LegalConstraints></resourceConstraints>
    <spatialResolution><MD_Resolution><distance><c:Distance uom="http://www.opengis.net/def/uom/EPSG/0/9001#m">25.5</c:Distance></distance></MD_Resolution></spatialResolution>
    <topicCategory><MD_TopicCategoryCode>geoscientificInformation</MD_TopicCategoryCode></topicCategory>
    <topicCategory><MD_TopicCategoryCode>astrology</MD_TopicCategoryCode></topicCategory>
    <extent><EX_Extent>
      <geographicElement><EX_GeographicBoundingBox><extentTypeCode><c:Boolean>true</c:Boolean></extentTypeCode>
        <westBoundLongitude><c:Decimal>6.65</c:Decimal></westBoundLongitude><eastBoundLongitude><c:Decimal>11.6</c:Decimal></eastBoundLongitude>
        <southBoundLatitude><c:Decimal>51.29</c:Decimal></southBoundLatitude><northBoundLatitude><c:Decimal>53.89</c:Decimal></northBoundLatitude>
      </EX_GeographicBoundingBox></geographicElement>
      <temporalElement><EX_TemporalExtent><extent><g:TimePeriod g:id="t1"><g:beginPosition>1990-01-01T00:00:00</g:beginPosition><g:endPosition indeterminatePosition="now"/></g:TimePeriod></extent></EX_TemporalExtent></temporalElement>
    </EX_Extent></extent>
  </MD_DataIdentification></identificationInfo>
  <distributionInfo><MD_Distribution>
    <distributionFormat><MD_Format><name><c:CharacterString>GML</c:CharacterString></name><version><c:CharacterString>3.2.1</c:CharacterString></version></MD_Format></distributionFormat>
    <transferOptions><MD_DigitalTransferOptions>
      <onLine><CI_OnlineResource><linkage><URL>https://nibis.lbeg.de/net3/public/ogc.ashx?NodeId=1&amp;Service=WMS</URL></linkage>
        <protocol><c:CharacterString>OGC:WMS-1.3.0-http-get-map</c:CharacterString></protocol>
        <name><c:CharacterString>BK50</c:CharacterString></name><description><c:CharacterString>Bodenkarte 1:50 000</c:CharacterString></description></CI_OnlineResource></onLine>
      <onLine><CI_OnlineResource><linkage><URL>javascript:alert(1)</URL></linkage><protocol><c:CharacterString>WWW:LINK</c:CharacterString></protocol></CI_OnlineResource></onLine>
      <onLine><CI_OnlineResource><linkage><URL>https://example.org/info</URL></linkage><protocol><c:CharacterString>ESRI:REST</c:CharacterString></protocol><name><c:CharacterString>Info</c:CharacterString></name></CI_OnlineResource></onLine>
    </MD_DigitalTransferOptions></transferOptions>
  </MD_Distribution></distributionInfo>
  <dataQualityInfo><DQ_DataQuality><lineage><LI_Lineage><statement><c:CharacterString>Aus Bodenschätzung abgeleitet.</c:CharacterString></statement></LI_Lineage></lineage></DQ_DataQuality></dataQualityInfo>
</MD_Metadata>
</csw:GetRecordByIdResponse>`;

describe('ISO 19139 reader with other producers’ files', () => {
  it('maps what it knows to our codes, keeps unknown keywords as free ones and drops the rest', () => {
    const { type, metadata } = readIso19139(foreign, seededVocabularies);
    expect(type).toBe('non-geographic-dataset');
    expect(metadata).toEqual({
      title: { de: 'Bodenkarte & Moore', en: 'Soil map & bogs' },
      abstract: { de: 'Böden <Moore> im Land.' },
      identifier: 'https://registry.example/bk50',
      topicCategories: ['geoscientificInformation'],
      keywords: ['Bodenkunde', 'opendata'],
      classifiedKeywords: [
        { classification: 'inspireTheme', code: 'so' },
        { classification: 'inspireTheme', code: 'hy' },
      ],
      extent: { west: 6.65, south: 51.29, east: 11.6, north: 53.89 },
      temporalExtent: { start: '1990-01-01' },
      dates: { revision: '2019-05-04' },
      contacts: [
        { organisation: 'LBEG', email: 'poststelle@lbeg.niedersachsen.de', role: 'owner' },
      ],
      licence: 'dl-de-by-2.0',
      // A licence name we cannot match exactly stays as a use constraint, so nothing is lost.
      useConstraints: { de: 'Datenlizenz Deutschland Namensnennung 2.0' },
      accessConstraints: { de: 'Es gelten keine Zugriffsbeschränkungen' },
      referenceSystem: 'EPSG:25833',
      resolution: { kind: 'distance', value: 25.5, unit: 'm' },
      formats: [{ name: 'GML', version: '3.2.1' }],
      onlineResources: [
        {
          url: 'https://nibis.lbeg.de/net3/public/ogc.ashx?NodeId=1&Service=WMS',
          protocol: 'wms',
          layer: 'BK50',
          description: 'Bodenkarte 1:50 000',
        },
        { url: 'https://example.org/info', protocol: 'website', name: 'Info' },
      ],
      lineage: { de: 'Aus Bodenschätzung abgeleitet.' },
    });
  });

  it('reads English-language records into the English texts', () => {
    const english = foreign
      .replace(
        '<LanguageCode codeList="x" codeListValue="deu"/>',
        '<LanguageCode codeList="x" codeListValue="eng"/>',
      )
      .replace(
        '<PT_Locale id="locale-eng"><languageCode><LanguageCode codeList="x" codeListValue="eng"/>',
        '<PT_Locale id="locale-ger"><languageCode><LanguageCode codeList="x" codeListValue="ger"/>',
      )
      .replace('#locale-eng', '#locale-ger');
    const { metadata } = readIso19139(english, seededVocabularies);
    expect(metadata.title).toEqual({ en: 'Bodenkarte & Moore', de: 'Soil map & bogs' });
  });

  it('refuses documents that are not metadata records', () => {
    expect(() =>
      readIso19139('<csw:Response xmlns:csw="x"><other/></csw:Response>', seededVocabularies),
    ).toThrow(/root element is <Response>/);
  });
});
