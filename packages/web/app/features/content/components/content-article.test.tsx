// @vitest-environment jsdom
import de from '@geoportal/contract/i18n/de.json' with { type: 'json' };
import en from '@geoportal/contract/i18n/en.json' with { type: 'json' };
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { polyfillMatchMedia } from '../../../lib/testing/render-with-providers';
import { ContentArticle } from './content-article';
import { ContentNotFound } from './content-not-found';

afterEach(cleanup);

/** Renders `ui` the way the root does, in `locale`. */
function renderIn(locale: 'de' | 'en', ui: ReactElement) {
  polyfillMatchMedia();
  return render(
    <MantineProvider env="test">
      <IntlProvider locale={locale} defaultLocale="de" messages={locale === 'de' ? de : en}>
        <MemoryRouter>{ui}</MemoryRouter>
      </IntlProvider>
    </MantineProvider>,
  );
}

const page = {
  fileName: 'legal',
  lang: 'de' as const,
  title: 'Impressum',
  html: '<h2>Anbieter</h2><p>Text mit <a href="/content/accessibility">Link</a>.</p>',
};

describe('ContentArticle', () => {
  it('shows the title as the only h1 and the HTML below it', () => {
    renderIn('de', <ContentArticle page={page} />);
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([
      'Impressum',
    ]);
    expect(screen.getByRole('heading', { level: 2, name: 'Anbieter' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Link' }).getAttribute('href')).toBe(
      '/content/accessibility',
    );
    expect(screen.queryByText('Diese Seite gibt es nur auf Deutsch.')).toBeNull();
    expect(screen.getByRole('article').hasAttribute('lang')).toBe(false);
  });

  it('marks a page served in the fallback language and tells the visitor', () => {
    renderIn('en', <ContentArticle page={page} />);
    expect(screen.getByText('This page is available in German only.')).toBeTruthy();
    expect(screen.getByRole('article').getAttribute('lang')).toBe('de');
  });
});

describe('ContentNotFound', () => {
  it('says the page does not exist and links home', () => {
    renderIn('de', <ContentNotFound />);
    expect(screen.getByRole('heading', { level: 1, name: 'Seite nicht gefunden' })).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'Zur Startseite mit der Karte' }).getAttribute('href'),
    ).toBe('/');
  });
});
