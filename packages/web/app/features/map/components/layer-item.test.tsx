// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../lib/testing/render-with-providers';
import { newLayer } from '../model/layer-list';
import { resetServiceRoutes } from '../model/service-route';
import { LayerItem } from './layer-item';

afterEach(() => {
  cleanup();
  resetServiceRoutes();
});

const wms = newLayer({
  kind: 'wms',
  url: 'https://maps.example/wms?map=/a.map',
  name: 'gebiete',
  title: 'Testgebiete',
});

describe('LayerItem', () => {
  it('offers every control by name and reports what the user does', async () => {
    const dispatch = vi.fn();
    renderWithProviders(
      <ul>
        <LayerItem
          layer={wms}
          index={0}
          count={2}
          apiBase="http://geo.example/api/v1"
          dispatch={dispatch}
        />
      </ul>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Testgebiete' }));
    expect(dispatch).toHaveBeenLastCalledWith({ type: 'setVisible', id: wms.id, visible: false });
    await user.click(screen.getByRole('button', { name: '„Testgebiete“ nach oben' }));
    expect(dispatch).toHaveBeenLastCalledWith({ type: 'move', id: wms.id, direction: 'up' });
    // The lowest layer cannot move further down.
    expect(screen.getByRole('button', { name: '„Testgebiete“ nach unten' })).toHaveProperty(
      'disabled',
      true,
    );
    await user.click(screen.getByRole('button', { name: '„Testgebiete“ entfernen' }));
    expect(dispatch).toHaveBeenLastCalledWith({ type: 'remove', id: wms.id });

    const slider = screen.getByRole('slider', { name: 'Deckkraft von „Testgebiete“' });
    slider.focus();
    await user.keyboard('{ArrowLeft}');
    expect(dispatch).toHaveBeenLastCalledWith({ type: 'setOpacity', id: wms.id, opacity: 0.95 });

    // The legend is a GetLegendGraphic request, to the https service directly first ...
    const legend = screen.getByRole('img', { name: 'Legende von „Testgebiete“' });
    const direct = new URL(legend.getAttribute('src') ?? '');
    expect(direct.origin + direct.pathname).toBe('https://maps.example/wms');
    expect(direct.searchParams.get('REQUEST')).toBe('GetLegendGraphic');
    // ... and through the geo service's proxy once that fails.
    fireEvent.error(legend);
    const src = new URL(legend.getAttribute('src') ?? '');
    expect(src.origin + src.pathname).toBe('http://geo.example/geoth/proxy');
    const target = new URL(src.searchParams.get('url') ?? '');
    expect(target.searchParams.get('REQUEST')).toBe('GetLegendGraphic');
    expect(target.searchParams.get('LAYER')).toBe('gebiete');
    expect(target.searchParams.get('map')).toBe('/a.map');
  });

  it("says why the layer failed and offers the service's capabilities URL", () => {
    renderWithProviders(
      <ul>
        <LayerItem
          layer={wms}
          index={0}
          count={1}
          apiBase="/api/v1"
          dispatch={() => undefined}
          problem="unreachable"
        />
      </ul>,
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('maps.example ist nicht erreichbar');
    const link = screen.getByRole('link', { name: /GetCapabilities/ });
    const url = new URL(link.getAttribute('href') ?? '');
    expect(url.searchParams.get('SERVICE')).toBe('WMS');
    expect(url.searchParams.get('map')).toBe('/a.map');
    expect(screen.getByRole('button', { name: 'Capabilities-URL kopieren' })).toBeTruthy();
  });

  it('shows no legend for vector data', () => {
    renderWithProviders(
      <ul>
        <LayerItem
          layer={newLayer({ kind: 'gpx', url: 'https://a.example/t.gpx' })}
          index={0}
          count={1}
          apiBase="/api/v1"
          dispatch={() => undefined}
        />
      </ul>,
    );
    expect(screen.queryByRole('img')).toBeNull();
  });
});
