// @vitest-environment jsdom
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InlineScript } from '../components/layout/inline-script';
import { WARM_UP_INTL } from './intl-warm-up';
import { holdScripts } from './scripts-after-paint.server';

/** The formats the script constructs, as "kind locale" (a spy's instance has no `format`). */
function recordFormats(): { constructed: string[]; restore: () => void } {
  const { NumberFormat, DateTimeFormat } = Intl;
  const constructed: string[] = [];
  const recording = <T extends object>(name: string, format: T): T =>
    new Proxy(format, {
      construct(target, args) {
        constructed.push(`${name} ${args[0]}`);
        return Reflect.construct(target as new (...a: unknown[]) => object, args);
      },
    });
  Intl.NumberFormat = recording('number', NumberFormat);
  Intl.DateTimeFormat = recording('date', DateTimeFormat);
  return {
    constructed,
    restore: () => {
      Intl.NumberFormat = NumberFormat;
      Intl.DateTimeFormat = DateTimeFormat;
    },
  };
}

describe('the locale data loaded while the stylesheets download', () => {
  afterEach(() => {
    document.documentElement.removeAttribute('lang');
    vi.restoreAllMocks();
  });

  it("formats a number, then a date, in the page's language", () => {
    const formats = recordFormats();
    try {
      document.documentElement.lang = 'en';
      new Function(WARM_UP_INTL)();
      expect(formats.constructed).toEqual(['number en', 'date en']);
    } finally {
      formats.restore();
    }
  });

  it("uses the browser's language on a page without one", () => {
    const formats = recordFormats();
    try {
      new Function(WARM_UP_INTL)();
      expect(formats.constructed).toEqual(['number undefined', 'date undefined']);
    } finally {
      formats.restore();
    }
  });

  it('does nothing else when the browser has no locale data', () => {
    const numberFormat = vi.spyOn(Intl, 'NumberFormat').mockImplementation(function NoLocaleData() {
      throw new RangeError('Incorrect locale information provided');
    });
    expect(() => new Function(WARM_UP_INTL)()).not.toThrow();
    expect(numberFormat).toHaveBeenCalled();
  });

  it('is an async module script with the nonce, which the server does not hold until the paint', () => {
    const html = renderToStaticMarkup(<InlineScript code={WARM_UP_INTL} nonce="n0" asyncModule />);
    // Async: not held back by the stylesheets before it, so it overlaps their download.
    expect(html).toMatch(/^<script async="" type="module" nonce="n0">/);
    expect(holdScripts(html)).toBe(html);
  });
});
