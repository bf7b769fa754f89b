// @vitest-environment jsdom
import type { FootprintFeature } from '@geoportal/contract/search';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../lib/testing/render-app';
import type { Footprints } from '../hooks/use-footprints';
import { FootprintResults } from './footprint-results';

afterEach(cleanup);

function feature(id: string, title: { de?: string; en?: string }): FootprintFeature {
  return {
    type: 'Feature',
    id,
    geometry: { type: 'Polygon', coordinates: [] },
    properties: { id, title, type: 'dataset', mapServices: false },
  } as FootprintFeature;
}

function footprints(items: FootprintFeature[], state: Partial<Footprints> = {}): Footprints {
  return {
    items,
    numberMatched: items.length,
    counted: true,
    loading: false,
    failed: false,
    highlighted: null,
    highlight: vi.fn(),
    selection: null,
    select: vi.fn(),
    hitsAt: () => [],
    show: vi.fn(),
    item: (id: string) => items.find((item) => item.id === id),
    ...state,
  } as unknown as Footprints;
}

const count = () => screen.getByTestId('footprint-count').textContent;

describe('FootprintResults', () => {
  it('names each "on the map" button by the title, in the other language when the page language has none', () => {
    renderApp(
      <FootprintResults
        footprints={footprints([
          feature('BnyEdOnlyGerman', { de: 'Bodenkarte Sachsen' }),
          feature('BlankEnglish', { de: 'Grundwasser', en: '  ' }),
          feature('Both', { de: 'Gewässer', en: 'Waters' }),
          feature('Untitled', {}),
        ])}
        onAddService={vi.fn()}
        onPickService={vi.fn()}
      />,
      { locale: 'en', path: '/' },
    );
    for (const name of [
      'Show “Bodenkarte Sachsen” on the map',
      'Show “Grundwasser” on the map',
      'Show “Waters” on the map',
      'Show “Untitled” on the map',
    ]) {
      expect(screen.getByRole('button', { name })).toBeTruthy();
    }
  });

  it('says it is looking for records until the first answer, not that there are none', () => {
    const show = (state: Partial<Footprints>) =>
      renderApp(
        <FootprintResults
          footprints={footprints([], state)}
          onAddService={vi.fn()}
          onPickService={vi.fn()}
        />,
        { locale: 'en', path: '/' },
      );
    show({ counted: false });
    expect(count()).toBe('Looking for records in the extent …');
    cleanup();
    show({ counted: true });
    expect(count()).toBe('No records in the extent');
  });

  it('tells a failed load rather than a count', () => {
    renderApp(
      <FootprintResults
        footprints={footprints([], { counted: false, failed: true })}
        onAddService={vi.fn()}
        onPickService={vi.fn()}
      />,
      { locale: 'de', path: '/' },
    );
    expect(count()).toBe('Die Datensätze für den Ausschnitt konnten nicht geladen werden.');
  });
});
