// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import OlMap from 'ol/Map';
import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../lib/testing/render-with-providers';
import { SmallMapFrame, whenSized } from './small-map';

afterEach(cleanup);
// OpenLayers watches its target's size; jsdom has no ResizeObserver.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

describe('whenSized', () => {
  it('runs at once on a laid-out map', () => {
    const map = new OlMap({});
    map.setSize([200, 100]);
    const callback = vi.fn();
    whenSized(map, callback);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('waits for a real size, runs once, and can be called off', () => {
    const map = new OlMap({});
    const callback = vi.fn();
    whenSized(map, callback);
    map.setSize([0, 100]);
    expect(callback).not.toHaveBeenCalled();
    map.setSize([200, 100]);
    map.setSize([300, 100]);
    expect(callback).toHaveBeenCalledTimes(1);

    const other = new OlMap({});
    const never = vi.fn();
    whenSized(other, never)();
    other.setSize([200, 100]);
    expect(never).not.toHaveBeenCalled();
  });
});

describe('SmallMapFrame', () => {
  it('is a focusable region named by its label and described by the keyboard hint', () => {
    renderWithProviders(
      <SmallMapFrame
        targetRef={createRef()}
        label="Karte der Orte"
        hint="Extra."
        height={240}
        testId="small"
      />,
    );
    const region = screen.getByRole('region', { name: 'Karte der Orte' });
    expect(region.tabIndex).toBe(0);
    expect(region.getAttribute('data-testid')).toBe('small');
    const description = document.getElementById(region.getAttribute('aria-describedby') ?? '');
    expect(description?.textContent).toMatch(/Pfeiltasten.*Extra\.$/);
    expect((region.parentElement as HTMLElement).style.height).toBe('240px');
  });
});
