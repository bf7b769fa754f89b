// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { type MapStateToWrite, useMapUrl } from './use-map-url';

afterEach(cleanup);

const state: MapStateToWrite = {
  view: { center: [10.5, 51.2], zoom: 7 },
  basemap: 'offline',
  layers: [],
  query: '',
};

/** A router with the map at `/` and a record page whose data arrives when released. */
function setUp() {
  let write: ReturnType<typeof useMapUrl>['write'] = () => {};
  let release = () => {};
  const recordData = new Promise<null>((resolve) => {
    release = () => resolve(null);
  });
  function MapPage() {
    write = useMapUrl(() => {}).write;
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
});
