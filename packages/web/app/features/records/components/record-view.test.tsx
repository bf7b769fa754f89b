// @vitest-environment jsdom
import type { Principal } from '@geoportal/contract/access';
import type { ObjectDetailed, ObjectNormal } from '@geoportal/contract/object';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { text } from '../../../lib/testing/fake-fetch';
import { editor, submitter } from '../../../lib/testing/fixtures';
import { classifications, fullRecord } from '../testing/record-fixtures';
import { draft, renderRecords } from '../testing/render-records';
import { RecordView } from './record-view';

// OpenLayers does not run in jsdom; the map helper's own tests cover the map.
vi.mock('../../../components/map/extent-map-lazy', () => ({
  ExtentMap: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
}));

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** The normal view (as a visitor reads it): no permissions. */
function normalView(record: ObjectDetailed): ObjectNormal {
  const { bundles: _b, permissions: _p, history: _h, ...normal } = record;
  return normal;
}

function show(
  record: ObjectNormal | ObjectDetailed = fullRecord,
  {
    locale = 'de' as 'de' | 'en',
    loaded = classifications as Parameters<typeof RecordView>[0]['classifications'],
    visitorCanRead = true,
    routes = {},
    principal = submitter as Principal | null,
  } = {},
) {
  return renderRecords(
    <RecordView record={record} classifications={loaded} visitorCanRead={visitorCanRead} />,
    { locale, routes, principal },
  );
}

const headings = (level: number) =>
  screen.getAllByRole('heading', { level }).map((heading) => heading.textContent);

/** The description (dd) of the term (dt) `term` within `scope`. */
function definitionOf(term: string, scope: HTMLElement = document.body): HTMLElement {
  const dt = within(scope)
    .getAllByRole('term')
    .find((element) => element.textContent === term);
  const dd = dt?.nextElementSibling;
  if (!(dd instanceof HTMLElement)) throw new Error(`No value for ${term}`);
  return dd;
}

describe('RecordView with a full record', () => {
  it('shows every part under its heading, in order', () => {
    show();
    expect(headings(1)).toEqual(['Bodenkarte Sachsen 1:50.000']);
    expect(headings(2)).toEqual([
      'Schlagwörter',
      'Raum und Zeit',
      'Kontakte',
      'Lizenz und Nutzungsbedingungen',
      'Bezugsquellen',
      'Qualität',
      'Verwandte Datensätze',
      'Kennung',
      'Metadaten exportieren',
    ]);
    expect(screen.getByRole('region', { name: 'Kontakte' })).toBeTruthy();
    expect(screen.getByText('Böden').tagName).toBe('STRONG');
    expect(screen.getByText('analogen').tagName).toBe('EM');
  });

  it('shows classification labels in German', () => {
    show();
    expect(screen.getByText('Geodatensatz')).toBeTruthy();
    const keywords = screen.getByRole('region', { name: 'Schlagwörter' });
    expect(
      within(definitionOf('Themenkategorien', keywords)).getByText('Geowissenschaften'),
    ).toBeTruthy();
    const themes = within(definitionOf('INSPIRE-Themen', keywords)).getAllByRole('listitem');
    expect(themes.map((item) => item.textContent)).toEqual(['Boden', 'Geologie']);
    const free = within(definitionOf('Freie Schlagwörter', keywords)).getAllByRole('listitem');
    expect(free.map((item) => item.textContent)).toEqual(['Boden', 'Bodentyp']);
    expect(definitionOf('Rolle').textContent).toBe('Ansprechpartner');
    expect(screen.getByText('Kartendienst (WMS)')).toBeTruthy();
  });

  it('shows classification labels in English', () => {
    show(fullRecord, { locale: 'en' });
    expect(screen.getByText('Spatial dataset')).toBeTruthy();
    expect(screen.getByText('Geoscientific information')).toBeTruthy();
    expect(within(definitionOf('INSPIRE themes')).getByText('Soil')).toBeTruthy();
    expect(definitionOf('Role').textContent).toBe('Point of contact');
    expect(
      screen.getByRole('link', { name: 'Data licence Germany – attribution – 2.0' }),
    ).toBeTruthy();
    expect(screen.getByText('Map service (WMS)')).toBeTruthy();
  });

  it('links the licence to its text as the licence', () => {
    show();
    const link = screen.getByRole('link', {
      name: 'Datenlizenz Deutschland – Namensnennung – 2.0',
    });
    expect(link.getAttribute('href')).toBe('https://www.govdata.de/dl-de/by-2-0');
    expect(link.getAttribute('rel')?.split(' ')).toContain('license');
  });

  it('marks a text in the other language with its language', () => {
    show();
    const use = definitionOf('Nutzungsbedingungen');
    expect(use.textContent).toBe('Cite the source.');
    expect(use.getAttribute('lang')).toBe('en');
    expect(definitionOf('Zugangsbeschränkungen').hasAttribute('lang')).toBe(false);
  });

  it('links e-mail and phone of contacts', () => {
    show();
    const card = within(screen.getByRole('region', { name: 'Kontakte' }));
    expect(card.getByRole('heading', { level: 3 }).textContent).toBe('Landesamt für Umwelt');
    expect(card.getByText('Erika Muster')).toBeTruthy();
    expect(card.getByRole('link', { name: 'boden@lfu.example' }).getAttribute('href')).toBe(
      'mailto:boden@lfu.example',
    );
    expect(card.getByRole('link', { name: '+49 351 123-45' }).getAttribute('href')).toBe(
      'tel:+4935112345',
    );
  });

  it('formats dates, time span, resolution and extent in German', () => {
    show();
    expect(definitionOf('Erstellt').textContent).toBe('15.03.2020');
    expect(definitionOf('Überarbeitet').textContent).toBe('30.06.2025');
    expect(screen.queryAllByRole('term').map((term) => term.textContent)).not.toContain(
      'Veröffentlicht',
    );
    expect(definitionOf('Zeitlicher Bezug').textContent).toBe('von 01.01.2020 bis 31.12.2024');
    expect(definitionOf('Räumliche Auflösung').textContent).toBe('1:25.000');
    expect(definitionOf('Koordinatenreferenzsystem').textContent).toBe('EPSG:25833');
    expect(definitionOf('Räumliche Ausdehnung').textContent).toContain('West 11,87°');
    expect(screen.getByRole('img', { name: 'Karte der räumlichen Ausdehnung' })).toBeTruthy();
    const { west, south, east, north } = fullRecord.metadata.extent ?? {};
    expect(
      screen.getByRole('link', { name: 'Auf der großen Karte zeigen' }).getAttribute('href'),
    ).toBe(`/?bbox=${west}%2C${south}%2C${east}%2C${north}`);
  });

  it('formats dates, time span and resolution in English', () => {
    show(fullRecord, { locale: 'en' });
    expect(definitionOf('Created').textContent).toBe('Mar 15, 2020');
    expect(definitionOf('Temporal extent').textContent).toBe('from Jan 1, 2020 to Dec 31, 2024');
    expect(definitionOf('Spatial resolution').textContent).toBe('1:25,000');
  });

  it('formats distances and open time spans', () => {
    const at = (metadata: Partial<ObjectDetailed['metadata']>, locale: 'de' | 'en' = 'de') => {
      cleanup();
      show({ ...fullRecord, metadata: { ...fullRecord.metadata, ...metadata } }, { locale });
    };
    at({ resolution: { kind: 'distance', value: 2.5, unit: 'km' } });
    expect(definitionOf('Räumliche Auflösung').textContent).toBe('2,5 km');
    at({
      resolution: { kind: 'distance', value: 10, unit: 'm' },
      temporalExtent: { start: '2020-01-01' },
    });
    expect(definitionOf('Räumliche Auflösung').textContent).toBe('10 m');
    expect(definitionOf('Zeitlicher Bezug').textContent).toBe('ab 01.01.2020');
    at(
      {
        resolution: { kind: 'distance', value: 0.5, unit: 'deg' },
        temporalExtent: { end: '2024-12-31' },
      },
      'en',
    );
    expect(definitionOf('Spatial resolution').textContent).toBe('0.5°');
    expect(definitionOf('Temporal extent').textContent).toBe('until Dec 31, 2024');
  });

  it('offers "open in map" for WMS and WMTS resources only, with the service and layer', () => {
    show({
      ...fullRecord,
      metadata: {
        ...fullRecord.metadata,
        onlineResources: [
          ...(fullRecord.metadata.onlineResources ?? []),
          { url: 'https://geo.example/wmts', protocol: 'wmts', name: 'Kacheln' },
          { url: 'https://geo.example/wfs', protocol: 'wfs', name: 'Objekte', layer: 'bk' },
        ],
      },
    });
    const links = screen.getAllByRole('link', { name: /^In der Karte öffnen/ });
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      [
        'In der Karte öffnen: Bodenkarte WMS',
        '/?layer=wms%3Ahttps%3A%2F%2Fgeo.example%2Fwms&name=bk50',
      ],
      ['In der Karte öffnen: Kacheln', '/?layer=wmts%3Ahttps%3A%2F%2Fgeo.example%2Fwmts'],
    ]);
    // A resource without a name is shown by its URL; an unknown protocol by its code.
    expect(screen.getByRole('link', { name: 'https://geo.example/bk50.zip' })).toBeTruthy();
    expect(screen.getByText('wfs')).toBeTruthy();
    expect(screen.getAllByText('Ebene')).toHaveLength(2);
  });

  it('links related records to their pages and the edit page for writers', () => {
    show();
    expect(
      screen.getByRole('link', { name: 'Datensatz record-0000000007' }).getAttribute('href'),
    ).toBe('/metadata/record-0000000007');
    expect(screen.getByRole('link', { name: 'Bearbeiten' }).getAttribute('href')).toBe(
      '/metadata/record-0000000042/edit',
    );
    expect(screen.getByRole('link', { name: 'https://registry.example/bk50' })).toBeTruthy();
  });
});

describe('RecordView with less', () => {
  it('leaves out the parts the record has nothing for, and the edit link for readers', () => {
    show(normalView({ ...draft, metadata: { title: { de: 'Nur ein Titel' } } }));
    expect(headings(2)).toEqual(['Kennung', 'Metadaten exportieren']);
    expect(screen.queryByRole('link', { name: 'Bearbeiten' })).toBeNull();
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.queryAllByRole('term').map((term) => term.textContent)).toEqual([
      'Datensatzkennung',
      'Zuletzt geändert',
      'Eigentümer',
    ]);
  });

  it('shows codes when the classifications could not be loaded', () => {
    show(fullRecord, { loaded: {} });
    expect(screen.getByText('Datensatz')).toBeTruthy();
    expect(screen.getByText('geoscientificInformation')).toBeTruthy();
    const themes = within(definitionOf('inspireTheme')).getAllByRole('listitem');
    expect(themes.map((item) => item.textContent)).toEqual(['so', 'ge']);
    expect(definitionOf('Rolle').textContent).toBe('pointOfContact');
    expect(definitionOf('Lizenz').textContent).toBe('dl-de-by-2.0');
    expect(within(definitionOf('Lizenz')).queryByRole('link')).toBeNull();
    expect(screen.getByText('wms')).toBeTruthy();
  });
});

describe('RecordView links to the search', () => {
  /** The search filters (`fq`) and query (`q`) of a link's address. */
  function searchOf(link: HTMLElement) {
    const url = new URL(link.getAttribute('href') ?? '', 'http://localhost');
    return { path: url.pathname, q: url.searchParams.get('q'), fq: url.searchParams.getAll('fq') };
  }
  const facet = (fq: string) => ({ path: '/search', q: null, fq: [fq] });

  it('links each keyword to the search filtered by its facet', () => {
    show();
    const link = (name: string) => searchOf(screen.getByRole('link', { name }));
    // The INSPIRE theme "Boden" (so) and the free keyword "Boden" each link to their facet.
    expect(screen.getAllByRole('link', { name: 'Boden' }).map(searchOf)).toEqual([
      facet('inspireTheme:so'),
      facet('keyword:Boden'),
    ]);
    expect(link('Bodentyp')).toEqual(facet('keyword:Bodentyp'));
    expect(link('Geowissenschaften')).toEqual(facet('topicCategory:geoscientificInformation'));
    expect(link('Geologie')).toEqual(facet('inspireTheme:ge'));
  });

  it('links a keyword of a classification without a facet to a text search for its label', () => {
    show({
      ...fullRecord,
      metadata: {
        ...fullRecord.metadata,
        classifiedKeywords: [{ classification: 'protocol', code: 'wms' }],
      },
    });
    const terms = within(definitionOf('Protokolle')).getByRole('link');
    expect(searchOf(terms)).toEqual({ path: '/search', q: '"Kartendienst (WMS)"', fq: [] });
  });

  it('links each contact organisation to the search filtered by it', () => {
    show();
    const contacts = screen.getByRole('region', { name: 'Kontakte' });
    const link = within(contacts).getByRole('link', { name: 'Landesamt für Umwelt' });
    expect(searchOf(link)).toEqual(facet('organisation:"Landesamt für Umwelt"'));
  });
});

describe('RecordView: who keeps the record', () => {
  const owned = {
    ...fullRecord,
    metadata: {
      ...fullRecord.metadata,
      contacts: [
        ...(fullRecord.metadata.contacts ?? []),
        { organisation: 'Staatsbetrieb Geobasis', role: 'owner' },
      ],
    },
  };

  it('shows a visitor the responsible organisation, not the owner’s user name', () => {
    show(normalView(owned), { principal: null });
    const identifiers = screen.getByRole('region', { name: 'Kennung' });
    const organisation = definitionOf('Verantwortliche Stelle', identifiers);
    expect(organisation.textContent).toBe('Staatsbetrieb Geobasis');
    expect(
      new URL(
        within(organisation).getByRole('link').getAttribute('href') ?? '',
        'http://x',
      ).searchParams.getAll('fq'),
    ).toEqual(['organisation:"Staatsbetrieb Geobasis"']);
    expect(within(identifiers).queryByText('Eigentümer')).toBeNull();
    expect(within(identifiers).queryByText('submitter')).toBeNull();
  });

  it('shows a signed-in user who does not manage the record no user name either', () => {
    show(normalView(owned), { principal: { ...submitter, name: 'someone' } });
    const identifiers = screen.getByRole('region', { name: 'Kennung' });
    expect(within(identifiers).queryByText('Eigentümer')).toBeNull();
    expect(within(identifiers).getByText('Staatsbetrieb Geobasis')).toBeTruthy();
  });

  it('shows the owner’s user name to the owner and to editors', () => {
    const ownerName = () =>
      definitionOf('Eigentümer', screen.getByRole('region', { name: 'Kennung' })).textContent;
    show(owned);
    expect(ownerName()).toBe('submitter');
    cleanup();
    show(owned, { principal: editor });
    expect(ownerName()).toBe('submitter');
  });

  it('falls back to the point of contact’s organisation', () => {
    show(normalView(fullRecord), { principal: null, locale: 'en' });
    expect(definitionOf('Responsible organisation').textContent).toBe('Landesamt für Umwelt');
  });
});

describe('RecordView exports', () => {
  it('links the exports of a record every visitor may read', () => {
    show();
    const xml = screen.getByRole('link', { name: 'ISO 19139 (XML)' });
    expect(xml.getAttribute('href')).toBe('/api/v1/object/record-0000000042?format=iso19139');
    expect(xml.getAttribute('download')).toBe('record-0000000042.xml');
    const geojson = screen.getByRole('link', { name: 'GeoJSON' });
    expect(geojson.getAttribute('href')).toBe('/api/v1/object/record-0000000042?format=geojson');
    expect(geojson.getAttribute('download')).toBe('record-0000000042.geojson');
  });

  it('downloads a draft’s export with the user’s token and saves it under the record id', async () => {
    const created: Blob[] = [];
    const saved: string[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:export';
    });
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(`${this.download} ${this.href}`);
    });
    const { requests } = show(draft, {
      visitorCanRead: false,
      routes: {
        [`GET /object/${draft.id}?format=geojson`]: () => text('{"type":"Feature"}', 200),
      },
    });
    expect(screen.queryByRole('link', { name: 'GeoJSON' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'GeoJSON' }));
    await waitFor(() => expect(saved).toEqual([`${draft.id}.geojson blob:export`]));
    expect(requests[0]?.headers.accesstoken).toBe('token-1');
    expect(requests[0]?.headers.accept).toBe('application/geo+json');
    expect(created[0]?.type).toBe('application/geo+json');
    expect(await created[0]?.text()).toBe('{"type":"Feature"}');
  });
});

describe('RecordView of a harvested record', () => {
  const harvested: ObjectDetailed = {
    ...fullRecord,
    harvest: {
      harvester: '6f1c0c52-9a3e-4a39-9d53-2d3c8e0a9f10',
      harvesterName: 'Kreis Probstadt',
      url: 'https://kreis.example/csw',
      remoteId: 'urn:kreis:moor-17',
      datestamp: '2026-11-20T08:00:00.000Z',
      lastHarvest: '2026-11-26T03:00:00.000Z',
    },
  };
  const admin: Principal = { name: 'admin', readonly: false, roles: ['administrator'] };

  it('names its origin and offers no editor, even to those who may write', () => {
    show(harvested, { principal: admin });
    const origin = screen.getByRole('region', { name: 'Herkunft' });
    expect(origin.textContent).toContain('aus einem anderen Katalog geerntet');
    expect(within(origin).getByRole('link', { name: 'https://kreis.example/csw' })).toBeTruthy();
    expect(definitionOf('Kennung in der Quelle', origin).textContent).toBe('urn:kreis:moor-17');
    expect(within(origin).getByRole('link', { name: 'Kreis Probstadt' }).getAttribute('href')).toBe(
      '/management/harvesters/6f1c0c52-9a3e-4a39-9d53-2d3c8e0a9f10',
    );
    expect(screen.queryByRole('link', { name: 'Bearbeiten' })).toBeNull();
  });

  it('names the harvester without a link for those who do not manage harvesters', () => {
    show(normalView(harvested), { principal: null });
    const origin = screen.getByRole('region', { name: 'Herkunft' });
    expect(definitionOf('Harvester', origin).textContent).toBe('Kreis Probstadt');
    expect(within(origin).queryByRole('link', { name: 'Kreis Probstadt' })).toBeNull();
  });
});
