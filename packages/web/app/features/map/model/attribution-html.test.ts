import { describe, expect, it } from 'vitest';
import { attributionHtml } from './attribution-html';

describe('attributionHtml', () => {
  it('escapes the text a service sends', () => {
    expect(attributionHtml({ title: '© A & B <script>alert(1)</script>' })).toBe(
      '© A &amp; B &lt;script&gt;alert(1)&lt;/script&gt;',
    );
  });

  it('links web addresses only, in a new tab without opener', () => {
    expect(attributionHtml({ title: 'BKG', url: 'https://www.bkg.bund.de/?a=1&b="2"' })).toBe(
      '<a href="https://www.bkg.bund.de/?a=1&amp;b=&quot;2&quot;" target="_blank" rel="noopener noreferrer">BKG</a>',
    );
    expect(attributionHtml({ title: 'x', url: 'javascript:alert(1)' })).toBe('x');
  });
});
