// @vitest-environment jsdom
import type { SearchHit, SearchResponse } from '@geoportal/contract/search';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToStaticMarkup } from 'react-dom/server';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { errorResponse, json } from '../../../lib/testing/fake-fetch';
import { renderApp } from '../../../lib/testing/render-app';
import type { SearchPageData } from '../loaders/search-page-data';
import { HighlightedText } from './highlighted-text';
import { SearchPage } from './search-page';

afterEach(cleanup);

const hit: SearchHit = {
  id: 'record-0000000001',
  type: 'dataset',
  state: 'published',
  created: '2026-01-01T00:00:00.000Z',
  modified: '2026-02-01T00:00:00.000Z',
  title: { de: 'Grundwasserkarte <b>Sachsen</b>' },
  highlights: {
    title: {
      de: [
        { text: 'Grundwasser', match: true },
        { text: 'karte <b>Sachsen</b>', match: false },
      ],
    },
    abstract: {
      de: [
        { text: 'Flurabstand des ', match: false },
        { text: 'Grundwassers', match: true },
      ],
    },
  },
  licence: 'cc-by-4.0',
  dates: { revision: '2025-06-30' },
  extent: { west: 11.87, south: 50.17, east: 15.04, north: 51.68 },
  organisations: ['LfULG Sachsen'],
};

const result: SearchResponse = {
  numFound: 25,
  start: 0,
  rows: 10,
  docs: [hit],
  facets: {
    type: [
      { value: 'dataset', count: 20 },
      { value: 'service', count: 5 },
    ],
    topicCategory: [],
    inspireTheme: [],
    keyword: Array.from({ length: 9 }, (_, index) => ({
      value: `Wort ${index}`,
      count: 9 - index,
    })),
    licence: [{ value: 'cc-by-4.0', count: 25 }],
    organisation: [],
    format: [],
    year: [],
  },
};

const data: SearchPageData = {
  apiBase: '/api/v1',
  search: 'q=Grundwasser',
  result,
  failure: null,
  classifications: {
    resourceType: {
      id: 'resourceType',
      labels: { de: 'Ressourcentyp', en: 'Resource type' },
      modified: '2026-01-01T00:00:00.000Z',
      nodes: [
        { id: 'dataset', labels: { de: 'Datensatz', en: 'Dataset' } },
        { id: 'service', labels: { de: 'Dienst', en: 'Service' } },
      ],
    },
  },
};

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

/** The page inside a data router at `path`, over a fake API that knows nothing. */
function renderPage(path: string, page: SearchPageData = data) {
  const { router } = renderApp(
    <>
      <SearchPage data={page} />
      <Where />
    </>,
    {
      otherwise: (request) =>
        request.url.startsWith('/api/v1/index/suggest/objects/Grundw')
          ? json({
              suggestions: [
                { text: 'Grundwasser', kind: 'keyword', count: 14 },
                { text: 'Grundwasserkarte Sachsen', kind: 'title', id: 'record-0000000001' },
              ],
            })
          : errorResponse(404, 'route.not_found', 'No route.'),
      path,
      pattern: '/search',
      pages: [{ path: '/metadata/:id', element: <Where /> }],
    },
  );
  if (!router) throw new Error('The search page needs a data router.');
  return router;
}

describe('HighlightedText', () => {
  it('marks the matches as <mark> and shows markup in the text as written', () => {
    const html = renderToStaticMarkup(
      <HighlightedText
        parts={[
          { text: 'a <b>', match: false },
          { text: 'Boden', match: true },
          { text: '</b> z', match: false },
        ]}
      />,
    );
    expect(html).toMatch(
      /^<span>a &lt;b&gt;<\/span><mark class="[^"]+">Boden<\/mark><span>&lt;\/b&gt; z<\/span>$/,
    );
  });
});

// Typing into the box and React Router's navigations take a while on a busy machine.
describe('SearchPage', { timeout: 30_000 }, () => {
  it('shows a hit with highlighted title linking to the record, type, date, licence and organisation', () => {
    renderPage('/search?q=Grundwasser');
    const card = screen.getByTestId('search-hit');
    const link = within(card).getByRole('link', { name: 'Grundwasserkarte <b>Sachsen</b>' });
    expect(link.getAttribute('href')).toBe('/metadata/record-0000000001');
    expect(link.querySelector('mark')?.textContent).toBe('Grundwasser');
    expect(card.textContent).toContain('Flurabstand des Grundwassers');
    expect(card.textContent).toContain('Typ: Datensatz');
    expect(card.textContent).toContain('Lizenz: cc-by-4.0');
    expect(card.textContent).toContain('Von: LfULG Sachsen');
    expect(within(card).getByText('30.06.2025').tagName).toBe('TIME');
    expect(screen.getByTestId('search-count').textContent).toBe('25 Treffer, 1–1 angezeigt');
  });

  it('shows the thumbnail of a hit that has one, lazily and decorative, in the same box as the placeholder', () => {
    const thumbnail = '/object/preview/thumbnail/record-0000000001/data/karte.png';
    const plain = { ...hit, id: 'record-0000000002', title: { de: 'Ohne Bild' } };
    renderPage('/search?q=Grundwasser', {
      ...data,
      result: { ...result, docs: [{ ...hit, thumbnail }, plain] },
    });
    const [pictured, without] = screen.getAllByTestId('search-hit') as [HTMLElement, HTMLElement];
    const image = pictured.querySelector('img');
    expect(image?.getAttribute('src')).toBe(`/api/v1${thumbnail}`);
    expect(image?.getAttribute('alt')).toBe('');
    expect(image?.getAttribute('loading')).toBe('lazy');
    // Both sit in the thumbnail box (fixed size), hidden from screen readers: the title names the record.
    const box = (card: HTMLElement) => card.firstElementChild as HTMLElement;
    expect(box(pictured).contains(image)).toBe(true);
    expect(without.querySelector('img')).toBeNull();
    expect(box(without).className).toBe(box(pictured).className);
    expect(box(without).getAttribute('aria-hidden')).toBe('true');
    expect(box(without).querySelector('svg')).not.toBeNull();
  });

  it('offers facet values with counts and labels; checking one adds its filter to the address', async () => {
    const user = userEvent.setup();
    renderPage('/search?q=Grundwasser&page=2');
    const types = screen.getByRole('group', { name: 'Typ' });
    await user.click(within(types).getByRole('checkbox', { name: 'Dienst (5)' }));
    expect(screen.getByTestId('where').textContent).toBe('/search?q=Grundwasser&fq=type%3Aservice');
  });

  it('says "about" of a count estimated from a sample, and of its facet counts', () => {
    renderPage('/search?q=Grundwasser', {
      ...data,
      result: {
        ...result,
        numFound: 310_000,
        approximate: true,
        facets: { ...result.facets, type: [{ value: 'dataset', count: 230_000 }] },
      },
    });
    expect(screen.getByTestId('search-count').textContent).toBe(
      'etwa 310.000 Treffer, 1–1 angezeigt',
    );
    expect(screen.getByTestId('facets-approximate').textContent).toContain('Stichprobe');
    const types = screen.getByRole('group', { name: 'Typ' });
    expect(
      within(types).getByRole('checkbox', { name: 'Datensatz (≈\u00a0230.000)' }),
    ).toBeTruthy();
  });

  it('shows the first keywords and the rest behind "show more"', async () => {
    const user = userEvent.setup();
    renderPage('/search');
    const keywords = screen.getByRole('group', { name: 'Schlagwort' });
    expect(within(keywords).getAllByRole('checkbox')).toHaveLength(6);
    await user.click(within(keywords).getByRole('button', { name: '3 weitere Werte anzeigen' }));
    expect(within(keywords).getAllByRole('checkbox')).toHaveLength(9);
  });

  it('shows active filters as chips; removing one and clearing all change the address', async () => {
    const user = userEvent.setup();
    const fq = (text: string) => `fq=${encodeURIComponent(text)}`;
    renderPage(`/search?q=x&${fq('type:(dataset OR service)')}&${fq('bbox:5,47,15,55')}`);
    const chips = screen.getByRole('list', { name: 'Aktive Filter' });
    expect(within(chips).getByText('Typ: Datensatz')).toBeTruthy();
    expect(within(chips).getByText('Gebiet: 5, 47, 15, 55')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Filter „Typ: Datensatz“ entfernen' }));
    expect(screen.getByTestId('where').textContent).toBe(
      `/search?q=x&${fq('type:service')}&${fq('bbox:5,47,15,55')}`.replace(/%20/g, '+'),
    );
    await user.click(screen.getByRole('button', { name: 'Alle Filter entfernen' }));
    expect(screen.getByTestId('where').textContent).toBe('/search?q=x');
  });

  it('names the pages and goes to another page', async () => {
    const user = userEvent.setup();
    renderPage('/search?q=Grundwasser');
    const pages = screen.getByRole('navigation', { name: 'Seiten der Ergebnisse' });
    await user.click(within(pages).getByRole('button', { name: 'Seite 3' }));
    expect(screen.getByTestId('where').textContent).toBe('/search?q=Grundwasser&page=3');
    expect(within(pages).getByRole('button', { name: 'Nächste Seite' })).toBeTruthy();
  });

  it('shows a refused query under the box with the server’s message and how to write one', () => {
    renderPage('/search?q=%22open', {
      ...data,
      result: null,
      failure: { status: 400, code: 'search.query_invalid', message: 'Close the quote at 1.' },
    });
    const box = screen.getByRole('combobox', { name: 'Suchbegriff' });
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(document.body.textContent).toContain('Close the quote at 1.');
    expect(screen.getByText('So sieht eine gültige Suche aus')).toBeTruthy();
  });

  it('says what is wrong with a refused query in German, with where it is', () => {
    renderPage('/search?q=Boden+%22open', {
      ...data,
      result: null,
      failure: {
        status: 400,
        code: 'search.query_invalid',
        message: 'query: A quotation mark is not closed. (at character 7)',
        problem: { reason: 'unclosedQuote', values: {}, position: 6 },
      },
    });
    const text = document.body.textContent ?? '';
    expect(text).toContain('Ein Anführungszeichen ist nicht geschlossen.');
    expect(text).toContain('(bei Zeichen 7)');
    expect(text).not.toContain('quotation mark');
  });

  it('searches for the typed text on submit only', async () => {
    const user = userEvent.setup();
    renderPage('/search?q=alt');
    const box = screen.getByRole('combobox', { name: 'Suchbegriff' });
    await user.clear(box);
    await user.type(box, 'Boden Sachsen');
    expect(screen.getByTestId('where').textContent).toBe('/search?q=alt');
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('where').textContent).toBe('/search?q=Boden+Sachsen');
  });

  it('suggests while typing: a keyword adds its filter, a title opens the record', async () => {
    const user = userEvent.setup();
    renderPage('/search?q=Karte');
    const box = screen.getByRole('combobox', { name: 'Suchbegriff' });
    await user.clear(box);
    await user.type(box, 'Grundw');
    // Asked for once typing pauses (200 ms), answered by the fake API.
    const wait = { timeout: 5_000 };
    const keyword = await screen.findByRole('option', { name: /^Grundwasser Schlagwort$/ }, wait);
    await user.click(keyword);
    expect(screen.getByTestId('where').textContent).toBe(
      '/search?q=Karte&fq=keyword%3AGrundwasser',
    );
    // The box shows the query again, not the keyword.
    expect(screen.getByRole('combobox', { name: 'Suchbegriff' })).toHaveProperty('value', 'Karte');

    await user.clear(box);
    await user.type(box, 'Grundw');
    await user.click(
      await screen.findByRole('option', { name: /^Grundwasserkarte Sachsen Datensatz$/ }, wait),
    );
    expect(screen.getByTestId('where').textContent).toBe('/metadata/record-0000000001');
  });
});
