import { describe, expect, it } from 'vitest';
import { renderMarkdown, slugOf } from './content.render.js';

describe('section ids of static pages', () => {
  it('turn heading texts into prefixed, readable, unique ids', () => {
    const { html } = renderMarkdown(
      '# Titel\n\n## Feedback und Kontaktangaben\n\ntext\n\n## Größe & Maße\n\n### Feedback und Kontaktangaben\n',
    );
    expect(html).toContain(
      '<h2 id="section-feedback-und-kontaktangaben">Feedback und Kontaktangaben</h2>',
    );
    expect(html).toContain('<h2 id="section-groesse-masse">');
    expect(html).toContain('<h3 id="section-feedback-und-kontaktangaben-2">');
  });

  it('prefix ids from raw HTML so that they cannot shadow the app’s own', () => {
    const { html } = renderMarkdown(
      '# T\n\n<h2 id="main">Haupt</h2>\n\n<h3 id="x&quot;onmouseover=alert(1)">Y</h3>\n',
    );
    expect(html).toContain('<h2 id="section-main">');
    expect(html).not.toContain('id="main"');
    expect(html).not.toContain('onmouseover="');
    expect(html).toMatch(/<h3 id="section-x-?onmouseover-alert-1">/);
  });

  it('slugs German text', () => {
    expect(slugOf('Über uns – Straße')).toBe('ueber-uns-strasse');
    expect(slugOf('Durchsetzungsverfahren (Schlichtungsstelle)')).toBe(
      'durchsetzungsverfahren-schlichtungsstelle',
    );
  });
});
