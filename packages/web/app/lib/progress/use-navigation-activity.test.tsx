// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { createActivityCounter } from './activity';
import { useNavigationActivity } from './use-navigation-activity';

afterEach(cleanup);

describe('useNavigationActivity', () => {
  it('counts a route load as activity until the new page is shown', async () => {
    const counter = createActivityCounter();
    let release = () => {};
    const slowData = new Promise<null>((resolve) => {
      release = () => resolve(null);
    });
    function Layout() {
      useNavigationActivity(counter);
      return <Outlet />;
    }
    const router = createMemoryRouter([
      {
        path: '/',
        Component: Layout,
        children: [
          { index: true, element: <Link to="/next">weiter</Link> },
          { path: 'next', loader: () => slowData, element: <p>angekommen</p> },
        ],
      },
    ]);
    render(<RouterProvider router={router} />);
    expect(counter.getSnapshot()).toBe(0);
    await act(async () => {
      screen.getByRole('link', { name: 'weiter' }).click();
    });
    expect(counter.getSnapshot()).toBe(1);
    await act(async () => release());
    expect(await screen.findByText('angekommen')).toBeTruthy();
    expect(counter.getSnapshot()).toBe(0);
  });
});
