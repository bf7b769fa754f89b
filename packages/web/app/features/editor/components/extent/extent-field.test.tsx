// @vitest-environment jsdom
import type { BoundingBox } from '@geoportal/contract/record';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ExtentMapProps } from '../../../../components/map/extent-map-props';
import { renderWithProviders } from '../../../../lib/testing/render-with-providers';
import { ExtentField } from './extent-field';

// OpenLayers needs a canvas, which jsdom lacks: the map is swapped for a stand-in that shows
// the box it receives and "draws" a fixed one. The real map is covered by the e2e tests.
const drawn: BoundingBox = { west: 8.5, south: 49.25, east: 9.75, north: 50.5 };
function FakeMap({ extent, onChange, label }: ExtentMapProps) {
  return (
    <section aria-label={label}>
      <output data-testid="map-extent">{extent ? JSON.stringify(extent) : 'none'}</output>
      <button type="button" onClick={() => onChange?.(drawn)}>
        draw
      </button>
    </section>
  );
}

/** The field with its value held like the editor holds it, reporting every change. */
function Harness({ initial, spy }: { initial?: BoundingBox; spy: (v?: BoundingBox) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <ExtentField
      value={value}
      onChange={(next) => {
        spy(next);
        setValue(next);
      }}
      mapComponent={FakeMap}
    />
  );
}

const field = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) });
const inputValue = (name: string) => (field(name) as HTMLInputElement).value;
const mapExtent = () => screen.getByTestId('map-extent').textContent;

// jsdom lacks what Mantine's Select uses to size and scroll its dropdown.
beforeAll(() => {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
  Element.prototype.scrollIntoView ??= () => undefined;
});

afterEach(cleanup);

// Typing through Mantine's inputs in jsdom is slow, the first test also warms Mantine up.
describe('ExtentField', { timeout: 20_000 }, () => {
  it('reports the box once all four numbers are typed (decimal comma in German)', async () => {
    const user = userEvent.setup();
    const spy = vi.fn();
    renderWithProviders(<Harness spy={spy} />);
    await user.type(field('West'), '5,9');
    await user.type(field('Ost'), '15');
    await user.type(field('Süd'), '47,3');
    expect(spy).not.toHaveBeenCalled();
    await user.type(field('Nord'), '55');
    // The first test of the file types before the contract's schema has loaded (the first
    // focus loads it): the box is reported once it is here.
    await waitFor(() =>
      expect(spy).toHaveBeenLastCalledWith({ west: 5.9, south: 47.3, east: 15, north: 55 }),
    );
    expect(mapExtent()).toBe(JSON.stringify({ west: 5.9, south: 47.3, east: 15, north: 55 }));
  });

  it('shows the translated rule for south north of north and keeps the last valid box', async () => {
    const user = userEvent.setup();
    const spy = vi.fn();
    const start = { west: 6, south: 47, east: 15, north: 55 };
    renderWithProviders(<Harness initial={start} spy={spy} />);
    await user.clear(field('Süd'));
    await user.type(field('Süd'), '56');
    await screen.findByText('Süd: Süd darf nicht nördlich von Nord liegen');
    expect(field('Süd').getAttribute('aria-invalid')).toBe('true');
    for (const [box] of spy.mock.calls) expect(box?.south).not.toBe(56);
    // The map keeps showing the last valid box.
    expect(mapExtent()).toBe(JSON.stringify(spy.mock.lastCall?.[0] ?? start));
  });

  it('reports an out-of-range number in the user\u2019s words', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness spy={vi.fn()} />);
    await user.type(field('West'), '200');
    screen.getByText('West: darf höchstens 180 sein');
  });

  it('asks for an input left empty only after leaving it', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness spy={vi.fn()} />);
    await user.type(field('West'), '5');
    expect(screen.queryByText(/ist erforderlich/)).toBeNull();
    await user.click(field('Ost'));
    await user.tab();
    screen.getByText('Ost: ist erforderlich');
  });

  it('fills the numbers and the map from a picked region', async () => {
    const user = userEvent.setup();
    const spy = vi.fn();
    renderWithProviders(<Harness spy={spy} />);
    await user.click(screen.getByRole('combobox', { name: 'Gebiet wählen' }));
    await user.type(screen.getByRole('combobox', { name: 'Gebiet wählen' }), 'Berl');
    await user.click(await screen.findByRole('option', { name: 'Berlin' }));
    const berlin = { west: 13.08, south: 52.33, east: 13.77, north: 52.68 };
    expect(spy).toHaveBeenLastCalledWith(berlin);
    expect(inputValue('West')).toBe('13,08');
    expect(inputValue('Ost')).toBe('13,77');
    expect(inputValue('Süd')).toBe('52,33');
    expect(inputValue('Nord')).toBe('52,68');
    expect(mapExtent()).toBe(JSON.stringify(berlin));
  });

  it('groups regions into German states and countries', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness spy={vi.fn()} />);
    await user.click(screen.getByRole('combobox', { name: 'Gebiet wählen' }));
    const listbox = await screen.findByRole('listbox');
    within(listbox).getByText('Bundesländer');
    within(listbox).getByText('Staaten');
    within(listbox).getByRole('option', { name: 'Österreich' });
  });

  it('fills the numbers from a box drawn on the map', async () => {
    const user = userEvent.setup();
    const spy = vi.fn();
    renderWithProviders(<Harness spy={spy} />);
    await user.click(screen.getByRole('button', { name: 'draw' }));
    expect(spy).toHaveBeenLastCalledWith(drawn);
    expect(inputValue('West')).toBe('8,5');
    expect(inputValue('Nord')).toBe('50,5');
  });

  it('notes a box across the antimeridian', () => {
    renderWithProviders(
      <Harness initial={{ west: 177, south: -19, east: -178, north: -16 }} spy={vi.fn()} />,
    );
    screen.getByText(/überquert die Datumsgrenze/);
  });

  it('removes the box with the clear button', async () => {
    const user = userEvent.setup();
    const spy = vi.fn();
    renderWithProviders(<Harness initial={drawn} spy={spy} />);
    await user.click(screen.getByRole('button', { name: 'Rechteck entfernen' }));
    expect(spy).toHaveBeenLastCalledWith(undefined);
    for (const name of ['West', 'Ost', 'Süd', 'Nord']) expect(inputValue(name)).toBe('');
    expect(mapExtent()).toBe('none');
    expect(
      (screen.getByRole('button', { name: 'Rechteck entfernen' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('shows a new value from the form, e.g. a loaded record', () => {
    const view = renderWithProviders(
      <ExtentField value={undefined} onChange={vi.fn()} mapComponent={FakeMap} />,
    );
    view.rerender(<ExtentField value={drawn} onChange={vi.fn()} mapComponent={FakeMap} />);
    expect(inputValue('Süd')).toBe('49,25');
  });

  it('shows the form\u2019s own message and names the map and the group', () => {
    renderWithProviders(
      <ExtentField
        value={drawn}
        onChange={vi.fn()}
        error="Ausdehnung: ist ungültig"
        mapComponent={FakeMap}
      />,
    );
    const group = screen.getByRole('group', { name: 'Begrenzungsrechteck' });
    const description = (group.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent)
      .join(' ');
    expect(description).toMatch(/^Zeichnen Sie das Rechteck.*Ausdehnung: ist ungültig$/);
    screen.getByRole('region', { name: 'Karte des Begrenzungsrechtecks' });
  });
});
