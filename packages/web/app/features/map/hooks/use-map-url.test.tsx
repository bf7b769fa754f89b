// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { MapUrlState } from '../model/url-state';
import { type MapStateToWrite, useMapUrl } from './use-map-url';

afterEach(cleanup);

const state: MapStateToWrite = {
  view: { center: [10.5, 51.2], zoom: 7 },
  basemap: 'offline',
  layers: [],
  query: '',
};

/** A router with the map at `/` and a record page whose data arrives when released. */
function setUp(onExternalChange: (state: MapUrlState) => void = () => {}) {
  let write: ReturnType<typeof useMapUrl>['write'] = () => {};
  let release = () => {};
  const recordData = new Promise<null>((resolve) => {
    release = () => resolve(null);
  });
  function MapPage() {
    write = useMapUrl(onExternalChange).write;
    return <p>Karte</p>;
  }
  function Layout() {
    const location = useLocation();
    return (
      <>
        <output>{`${location.pathname}${location.search}`}</output>
        <Outlet />
      </>
    );
  }
  const router = createMemoryRouter([
    {
      path: '/',
      Component: Layout,
      children: [
        { index: true, Component: MapPage },
        { path: 'metadata/:id', loader: () => recordData, element: <h1>Datensatz</h1> },
      ],
    },
  ]);
  render(<RouterProvider router={router} />);
  return { router, write: (s: MapStateToWrite) => write(s), release: () => release() };
}

describe('useMapUrl', () => {
  it('writes the view into the address', async () => {
    const { write } = setUp();
    await act(async () => write(state));
    expect(screen.getByRole('status').textContent).toMatch(/^\/\?c=10\.5(,|%2C)51\.2&z=7$/);
  });

  it('a write due just after a link was followed does not cancel that navigation', async () => {
    const { router, write, release } = setUp();
    // The link's navigation starts; React has not rendered its pending state yet when the
    // map's delayed address write comes due (as on a busy machine).
    void router.navigate('/metadata/abc');
    write(state);
    await act(async () => release());
    expect(await screen.findByRole('heading', { name: 'Datensatz' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/metadata/abc');
  });

  it('Back to the address the map opened with is taken up even if React never showed the written one', async () => {
    const seen: MapUrlState[] = [];
    const { router, write } = setUp((s) => seen.push(s));
    await act(async () => router.navigate('/?c=13.4%2C52.5&z=9'));
    expect(seen.map((s) => s.zoom)).toEqual([9]);
    // The map writes its new view and the visitor goes back before React has rendered the
    // written entry (a busy machine): React then renders only the older address again.
    await act(async () => {
      write({ ...state, view: { center: [13.4, 52.5], zoom: 10 } });
      await router.navigate(-1);
    });
    expect(router.state.location.search).toBe('?c=13.4%2C52.5&z=9');
    expect(seen.map((s) => s.zoom)).toEqual([9, 9]);
  });
});
