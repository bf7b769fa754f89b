import type { Principal } from '@geoportal/contract/access';
import de from '@geoportal/contract/i18n/de.json' with { type: 'json' };
import en from '@geoportal/contract/i18n/en.json' with { type: 'json' };
import type { ObjectDetailed } from '@geoportal/contract/object';
import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router';
import { AccessContext, createAccess } from '../../../lib/auth/access';
import { createAppStorage } from '../../../lib/storage';
import { errorResponse, fakeFetch, type RecordedRequest } from '../../../lib/testing/fake-fetch';
import { MemoryStorage } from '../../../lib/testing/fake-storage';
import { polyfillMatchMedia } from '../../../lib/testing/render-with-providers';

// Renders record components the way the root does (Mantine, the translations, a router and
// an Access over a fake server), for the component tests of this feature.

export const submitter: Principal = { name: 'submitter', readonly: false, roles: ['submitter'] };
export const editor: Principal = { name: 'editor', readonly: false, roles: ['editor'] };

/** A draft of `submitter` in the detailed view, as the owner sees it. */
export const draft: ObjectDetailed = {
  id: 'record-0000000001',
  type: 'dataset',
  state: 'draft',
  title: { de: 'Bodenrichtwerte Sachsen' },
  version: 1,
  owner: 'submitter',
  created: '2026-11-20T09:00:00.000Z',
  modified: '2026-11-21T09:30:00.000Z',
  metadata: {
    title: { de: 'Bodenrichtwerte Sachsen' },
    abstract: { de: 'Erster Absatz.\n\nZweiter Absatz.' },
    keywords: ['Boden', 'Wert'],
    extent: { west: 11.87, south: 50.17, east: 15.04, north: 51.68 },
  },
  bundles: [],
  permissions: {
    read: true,
    write: true,
    delete: true,
    accessControl: true,
    transitions: ['submitted'],
  },
  history: [{ from: null, to: 'draft', by: 'submitter', at: '2026-11-20T09:00:00.000Z' }],
};

/** Answers by `METHOD /path?query` (without the API base); anything else is a 404. */
export type Routes = Record<string, (request: RecordedRequest) => Response | Promise<Response>>;

/** The parsed JSON body of a recorded request. */
export function bodyOf(request: RecordedRequest | undefined): unknown {
  return JSON.parse(String(request?.body));
}

/**
 * Renders `ui` in the providers with `principal` signed in (null: a visitor), inside a
 * memory router at `path`, in German unless `locale` says otherwise. Answers requests with
 * `routes`, recording them in `requests`.
 */
export function renderRecords(
  ui: ReactElement,
  {
    routes = {},
    principal = submitter,
    path = '/',
    locale = 'de',
  }: {
    routes?: Routes;
    principal?: Principal | null;
    path?: string;
    locale?: 'de' | 'en';
  } = {},
) {
  polyfillMatchMedia();
  const fake = fakeFetch((request) => {
    const answer = routes[`${request.method} ${request.url.replace('/api/v1', '')}`];
    return answer ? answer(request) : errorResponse(404, 'route.not_found', 'No route.');
  });
  const local = new MemoryStorage(
    principal ? { accessToken: 'token-1', principal: JSON.stringify(principal) } : {},
  );
  const access = createAccess({
    apiBase: '/api/v1',
    fetch: fake.fetch,
    storage: createAppStorage({ local, session: null }),
  });
  const view = render(
    <MantineProvider env="test">
      <IntlProvider
        locale={locale}
        defaultLocale="de"
        messages={(locale === 'en' ? { ...de, ...en } : de) as Record<string, string>}
      >
        <AccessContext value={access}>
          <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
        </AccessContext>
      </IntlProvider>
    </MantineProvider>,
  );
  const sent = (method: string) => fake.requests.filter((request) => request.method === method);
  return { ...view, access, requests: fake.requests, sent };
}
