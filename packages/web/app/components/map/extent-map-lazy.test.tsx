// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { Providers, renderWithProviders } from '../../lib/testing/render-with-providers';
import { ExtentMap } from './extent-map-lazy';

afterEach(cleanup);

describe('ExtentMap (lazy)', () => {
  it('renders a placeholder of the map’s size on the server', () => {
    const html = renderToString(
      <Providers>
        <ExtentMap label="Karte" height={200} />
      </Providers>,
    );
    expect(html).toContain('data-testid="extent-map-placeholder"');
    expect(html).toContain('height:200px');
    expect(html).toContain('Karte wird geladen');
    expect(html).not.toContain('data-testid="extent-map"');
  });

  it('loads the map in the browser as a focusable, named region', async () => {
    globalThis.ResizeObserver ??= class {
      observe() {}
      unobserve() {}
      disconnect() {}
    } as unknown as typeof ResizeObserver;
    renderWithProviders(<ExtentMap label="Karte des Gebiets" />);
    const map = await waitFor(() => screen.getByRole('region', { name: 'Karte des Gebiets' }), {
      timeout: 10_000,
    });
    expect(map.tabIndex).toBe(0);
    // OpenLayers' zoom buttons, named in the page language.
    await screen.findByRole('button', { name: 'Hineinzoomen' });
    await screen.findByRole('button', { name: 'Herauszoomen' });
  }, 15_000);
});
