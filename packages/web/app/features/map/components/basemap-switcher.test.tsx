// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../lib/testing/render-with-providers';
import { BasemapSwitcher } from './basemap-switcher';

afterEach(cleanup);

const basemapDe = {
  id: 'basemapde',
  title: { de: 'basemap.de (Farbe)', en: 'basemap.de (colour)' },
  kind: 'wmts' as const,
  url: 'https://sgx.geodatenzentrum.de/wmts_basemapde/1.0.0/WMTSCapabilities.xml',
  layer: 'de_basemapde_web_raster_farbe',
  matrixSet: 'GLOBAL_WEBMERCATOR',
  format: 'image/png',
};

describe('BasemapSwitcher', () => {
  it('marks the online basemaps as needing the internet, the offline one not', async () => {
    const onChange = vi.fn();
    renderWithProviders(
      <BasemapSwitcher value="offline" onChange={onChange} basemaps={[basemapDe]} />,
    );
    const select = screen.getByRole('combobox', { name: /Hintergrundkarte/ });
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['Übersichtskarte (offline)', 'basemap.de (Farbe) (braucht Internet)']);
    expect(screen.getByText(/funktioniert ohne Internet/)).toBeTruthy();
    await userEvent.setup().selectOptions(select, 'basemapde');
    expect(onChange).toHaveBeenCalledWith('basemapde');
  });

  it('says nothing about the internet when only the offline map is there', () => {
    renderWithProviders(
      <BasemapSwitcher value="offline" onChange={() => undefined} basemaps={[]} />,
    );
    expect(screen.queryByText(/Internet/)).toBeNull();
  });
});
