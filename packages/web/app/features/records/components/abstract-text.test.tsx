// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../lib/testing/render-with-providers';
import { AbstractText } from './abstract-text';

const show = (text: string) => renderWithProviders(<AbstractText text={text} />).container;

describe('AbstractText (Markdown, safe by construction)', () => {
  it('renders paragraphs, emphasis, lists and safe links', () => {
    const html = show(
      'Erster **wichtiger** Absatz.\n\n- eins\n- *zwei*\n\n[Quelle](https://example.org)',
    ).innerHTML;
    expect(html).toContain('<strong>wichtiger</strong>');
    expect(html).toMatch(/<li[^>]*>.*eins.*<\/li>/);
    expect(html).toContain('<em>zwei</em>');
    expect(html).toMatch(/<a[^>]*href="https:\/\/example.org"[^>]*rel="noopener noreferrer"/);
  });

  it('shows raw HTML as text and never as markup', () => {
    const container = show(
      'Vorsicht <script>alert(1)</script> <img src=x onerror="alert(2)"> & <b>fett</b>',
    );
    expect(container.querySelector('script, img, b')).toBeNull();
    expect(container.textContent).toContain('<script>alert(1)</script>');
    expect(container.textContent).toContain('& <b>fett</b>');
  });

  it('does not turn javascript: or data: targets into links', () => {
    const container = show('[klick](javascript:alert(1)) und [bild](data:text/html,x)');
    expect(container.querySelector('a')).toBeNull();
    expect(container.textContent).toContain('klick');
  });

  it('keeps headings out of the page outline', () => {
    const container = show('# Überschrift\n\nText');
    expect(container.querySelector('h1, h2, h3')).toBeNull();
    expect(container.textContent).toContain('Überschrift');
  });
});
