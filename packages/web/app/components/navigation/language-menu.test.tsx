// @vitest-environment jsdom
import de from '@geoportal/contract/i18n/de.json';
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { polyfillMatchMedia } from '../../lib/testing/render-with-providers';
import { LanguageMenu, pageReload } from './language-menu';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** The menu under a root route whose loader (the translations) answers `load`. */
function renderMenu(load: (call: number) => unknown) {
  polyfillMatchMedia();
  let calls = 0;
  const router = createMemoryRouter([
    {
      id: 'root',
      path: '/',
      loader: () => {
        calls += 1;
        return load(calls);
      },
      element: <LanguageMenu current="de" />,
      errorElement: <p>Fehler</p>,
    },
  ]);
  render(
    <MantineProvider env="test">
      <IntlProvider locale="de" messages={de as Record<string, string>}>
        <RouterProvider router={router} />
      </IntlProvider>
    </MantineProvider>,
  );
  return { calls: () => calls };
}

async function chooseEnglish() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Sprache' }));
  await user.click(await screen.findByRole('menuitem', { name: 'English' }));
}

describe('LanguageMenu', () => {
  it('loads the translations again in place', async () => {
    const reload = vi.spyOn(pageReload, 'reload').mockImplementation(() => {});
    const menu = renderMenu(() => ({ lang: 'de' }));
    await chooseEnglish();
    await waitFor(() => expect(menu.calls()).toBe(2));
    expect(localStorage.getItem('lang')).toBe('en');
    expect(reload).not.toHaveBeenCalled();
  });

  it('loads the page anew when the translations cannot be loaded in place', async () => {
    const reload = vi.spyOn(pageReload, 'reload').mockImplementation(() => {});
    renderMenu((call) => {
      if (call > 1) throw new Error('connection dropped');
      return { lang: 'de' };
    });
    await chooseEnglish();
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });
});
