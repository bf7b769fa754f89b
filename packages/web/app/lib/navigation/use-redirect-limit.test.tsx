// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider, redirect } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isRouterError, type RouterError } from './router-errors';
import { useRedirectLimit } from './use-redirect-limit';

afterEach(cleanup);

// Each hop waits a moment, as a real one waits for the server.
const hop = (to: string) => async () => {
  await new Promise((resolve) => setTimeout(resolve, 1));
  return redirect(to);
};

function setup(max?: number) {
  const onError = vi.fn<(error: RouterError) => void>();
  const loads = { a: 0 };
  function Layout() {
    useRedirectLimit(onError, max);
    return <Outlet />;
  }
  const router = createMemoryRouter([
    {
      path: '/',
      Component: Layout,
      children: [
        { index: true, element: <p>Start</p> },
        {
          path: 'a',
          loader: () => {
            loads.a += 1;
            return hop('/b')();
          },
          element: <p>A</p>,
        },
        { path: 'b', loader: hop('/a'), element: <p>B</p> },
        { path: 'c', loader: hop('/d'), element: <p>C</p> },
        { path: 'd', loader: hop('/done'), element: <p>D</p> },
        { path: 'done', element: <p>Ziel</p> },
      ],
    },
  ]);
  render(<RouterProvider router={router} />);
  return { router, onError, loads };
}

describe('useRedirectLimit (SPEC §9: at most 20 redirects in a row)', () => {
  it('lets a short redirect chain end where it leads', async () => {
    const { router, onError } = setup();
    await act(() => router.navigate('/c'));
    expect(await screen.findByText('Ziel')).toBeTruthy();
    expect(onError).not.toHaveBeenCalled();
  });

  it('stops an endless loop after 20 redirects and keeps the page on screen', async () => {
    const { router, onError, loads } = setup();
    act(() => {
      void router.navigate('/a');
    });
    await waitFor(() => expect(onError).toHaveBeenCalledTimes(1));
    const error = onError.mock.calls[0]?.[0];
    expect(isRouterError(error, 'tooManyRedirects')).toBe(true);
    expect(error?.message).toMatch(/^Too many consecutive Transition redirects \(20\+\)/);
    await waitFor(() => expect(router.state.navigation.state).toBe('idle'));
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByText('Start')).toBeTruthy();
    const loadsWhenStopped = loads.a;
    // 1 navigation + 20 redirects load /a 11 times. On a busy machine React may batch a few
    // hops' renders, so the loop is seen a few hops later (never missed, see the hook); then
    // it stays stopped.
    expect(loadsWhenStopped).toBeGreaterThanOrEqual(11);
    expect(loadsWhenStopped).toBeLessThanOrEqual(15);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(loads.a).toBe(loadsWhenStopped);
  });
});
