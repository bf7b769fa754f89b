import type { Principal } from '@geoportal/contract/access';
import de from '@geoportal/contract/i18n/de.json' with { type: 'json' };
import en from '@geoportal/contract/i18n/en.json' with { type: 'json' };
import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { createMemoryRouter, MemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { AccessContext, createAccess } from '../auth/access';
import { createAppStorage } from '../storage';
import { errorResponse, type FakeHandler, fakeFetch, type RecordedRequest } from './fake-fetch';
import { MemoryStorage } from './fake-storage';
import { polyfillMatchMedia } from './render-with-providers';

// The one render harness of the component tests: what the root gives a page (Mantine, the
// translations, an Access over a fake API) and, when asked, a router. German by default, so
// tests find controls by the names a German user hears (CONVENTIONS 11).

/** Answers of the fake API by `METHOD /path?query` (without the API base). */
export type ApiRoutes = Record<string, FakeHandler>;

/** The parsed JSON body of a recorded request. */
export function bodyOf(request: RecordedRequest | undefined): unknown {
  return JSON.parse(String(request?.body));
}

export interface RenderAppOptions {
  /** The fake API's answers; a request no entry matches goes to `otherwise`. */
  api?: ApiRoutes;
  /** Answers the other requests, with their `METHOD /path` key; default: 404 `route.not_found`. */
  otherwise?: (request: RecordedRequest, key: string) => Response | Promise<Response>;
  /** Who is signed in (saved as after a login); null, the default, for a visitor. */
  principal?: Principal | null;
  /** The saved access token of `principal`; default `token-1`. */
  token?: string;
  /** The page language; default German. English falls back to German like the app. */
  locale?: 'de' | 'en';
  /** The address: renders `ui` inside a memory router there. Default: no router. */
  path?: string;
  /**
   * Other pages beside `ui`: renders a data router (`useBlocker` needs one) with `ui` at
   * `pattern` (default `path`) and these routes, e.g. stand-ins that show where a link went.
   */
  pages?: RouteObject[];
  /** With `pages`: the route pattern `ui` stands at, e.g. `/metadata/:id/edit`. */
  pattern?: string;
}

/** jsdom lacks what Mantine watches: font loading, element sizes and media queries. */
function polyfillBrowser(): void {
  polyfillMatchMedia();
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      value: { addEventListener() {}, removeEventListener() {} },
      configurable: true,
    });
  }
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}

/**
 * Renders `ui` the way the app does, over a fake API that records every request. Answers
 * the render result with `access`, the saved storage (`local`), the data `router` (with
 * `pages`), the `requests` and `sent(method)`, the requests of one method.
 */
export function renderApp(ui: ReactElement, options: RenderAppOptions = {}) {
  const { api = {}, principal = null, token = 'token-1', locale = 'de', path } = options;
  polyfillBrowser();
  const fake = fakeFetch((request) => {
    const key = `${request.method} ${request.url.replace('/api/v1', '')}`;
    const answer = api[key];
    if (answer) return answer(request);
    if (options.otherwise) return options.otherwise(request, key);
    return errorResponse(404, 'route.not_found', 'No route.');
  });
  const local = new MemoryStorage(
    principal ? { accessToken: token, principal: JSON.stringify(principal) } : {},
  );
  const access = createAccess({
    apiBase: '/api/v1',
    fetch: fake.fetch,
    storage: createAppStorage({ local, session: null }),
  });
  const router = options.pages
    ? createMemoryRouter([{ path: options.pattern ?? path, element: ui }, ...options.pages], {
        initialEntries: [path ?? '/'],
      })
    : undefined;
  let page: ReactNode = ui;
  if (router) page = <RouterProvider router={router} />;
  else if (path !== undefined) page = <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>;
  const messages = (locale === 'en' ? { ...de, ...en } : de) as Record<string, string>;
  const view = render(
    <MantineProvider env="test">
      <IntlProvider locale={locale} defaultLocale="de" messages={messages}>
        <AccessContext value={access}>{page}</AccessContext>
      </IntlProvider>
    </MantineProvider>,
  );
  const sent = (method: string) => fake.requests.filter((request) => request.method === method);
  return { ...view, access, local, router, requests: fake.requests, sent };
}
