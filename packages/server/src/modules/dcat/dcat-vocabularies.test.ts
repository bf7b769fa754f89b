import { describe, expect, it } from 'vitest';
import { dataThemes, licenceUri, namedLaender, namesGermany } from './dcat-vocabularies.js';

describe('the DCAT-AP.de vocabulary tables', () => {
  const codes = (keywords: string[], titles: string[] = []) =>
    namedLaender(keywords, titles).map((land) => land.code);

  it('finds the Länder a record names, whole names only, longer names first', () => {
    expect(codes(['Sachsen-Anhalt'])).toEqual(['DE-ST']);
    expect(codes(['Niedersachsen'])).toEqual(['DE-NI']);
    expect(codes([], ['Bodenkarte von Niedersachsen und Bremen'])).toEqual(['DE-NI', 'DE-HB']);
    expect(codes([], ['Geologie in Sachsen-Anhalt und Sachsen'])).toEqual(['DE-SN', 'DE-ST']);
    expect(codes([], ['Soil map of Bavaria'])).toEqual(['DE-BY']);
    expect(codes(['Bayerischer Wald'], ['Hessenkarte'])).toEqual([]);
    expect(namesGermany(['deutschland'])).toBe(true);
    expect(namesGermany(['Deutschlandkarte'])).toBe(false);
  });

  it('maps INSPIRE themes and topic categories to EU data themes, each once', () => {
    expect(dataThemes(['hy', 'ps'], ['inlandWaters'])).toEqual(['ENVI']);
    expect(dataThemes([], ['transportation', 'economy'])).toEqual(['ECON', 'TRAN']);
    expect(dataThemes(['xx'], ['unknownCategory'])).toEqual([]);
  });

  it('maps licence codes to DCAT-AP.de licence URIs, unknown ones to other-closed', () => {
    expect(licenceUri('dl-de-by-2.0')).toBe('http://dcat-ap.de/def/licenses/dl-by-de/2.0');
    expect(licenceUri('cc0-1.0')).toBe('http://dcat-ap.de/def/licenses/cc-zero');
    expect(licenceUri('other')).toBe('http://dcat-ap.de/def/licenses/other-closed');
    expect(licenceUri(undefined)).toBe('http://dcat-ap.de/def/licenses/other-closed');
    expect(licenceUri('constructor')).toBe('http://dcat-ap.de/def/licenses/other-closed');
  });
});
