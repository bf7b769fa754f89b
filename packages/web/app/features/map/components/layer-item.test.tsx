// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../lib/testing/render-with-providers';
import { newLayer } from '../model/layer-list';
import { LayerItem } from './layer-item';

afterEach(cleanup);

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

    // The legend is a GetLegendGraphic request through the geo service's proxy.
    const legend = screen.getByRole('img', { name: 'Legende von „Testgebiete“' });
    const src = new URL(legend.getAttribute('src') ?? '');
    expect(src.origin + src.pathname).toBe('http://geo.example/geoth/proxy');
    const target = new URL(src.searchParams.get('url') ?? '');
    expect(target.searchParams.get('REQUEST')).toBe('GetLegendGraphic');
    expect(target.searchParams.get('LAYER')).toBe('gebiete');
    expect(target.searchParams.get('map')).toBe('/a.map');
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
