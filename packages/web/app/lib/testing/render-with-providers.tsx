import de from '@geoportal/contract/i18n/de.json' with { type: 'json' };
import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { IntlProvider } from 'react-intl';

// Renders shell components the way the root does (Mantine and the German translations),
// so tests find elements by the names a German user hears.

/** The German translations of the product. */
export const messages: Record<string, string> = de;

/** jsdom lacks `matchMedia`, which Mantine and the reduced-motion check ask. */
export function polyfillMatchMedia(matches: (query: string) => boolean = () => false): void {
  window.matchMedia = (query: string) =>
    ({
      matches: matches(query),
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

/** The providers of the root around `children`. */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider env="test">
      <IntlProvider locale="de" defaultLocale="de" messages={messages}>
        {children}
      </IntlProvider>
    </MantineProvider>
  );
}

/** Renders `ui` inside Mantine and the German translations. */
export function renderWithProviders(ui: ReactElement) {
  polyfillMatchMedia();
  return render(ui, { wrapper: Providers });
}
