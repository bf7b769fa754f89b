// @vitest-environment jsdom
import { textHeights } from 'ol/render/canvas';
import { describe, expect, it, vi } from 'vitest';
import { measureLabelFonts } from './basemap-style';

describe('the basemap label fonts', () => {
  it('are measured for OpenLayers all at once, and only once per page', () => {
    const append = vi.spyOn(document.body, 'appendChild');
    measureLabelFonts();
    expect(append).toHaveBeenCalledTimes(1);
    for (const font of [
      '600 12px system-ui, sans-serif',
      '600 14px system-ui, sans-serif',
      '13px system-ui, sans-serif',
      '12px system-ui, sans-serif',
    ]) {
      expect(textHeights[font], font).toBeTypeOf('number');
    }
    // The measuring block leaves the page again.
    expect(document.body.children).toHaveLength(0);
    measureLabelFonts();
    expect(append).toHaveBeenCalledTimes(1);
  });
});
