import type { Principal } from '@geoportal/contract/access';
import type { Classification } from '@geoportal/contract/classification';
import de from '@geoportal/contract/i18n/de.json' with { type: 'json' };
import type { ObjectDetailed } from '@geoportal/contract/object';
import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { IntlProvider } from 'react-intl';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AccessContext, createAccess } from '../../../lib/auth/access';
import { createAppStorage } from '../../../lib/storage';
import {
  errorResponse,
  fakeFetch,
  json,
  type RecordedRequest,
} from '../../../lib/testing/fake-fetch';
import { MemoryStorage } from '../../../lib/testing/fake-storage';
import { polyfillMatchMedia } from '../../../lib/testing/render-with-providers';

// Renders the editor the way the app does (Mantine, German translations, Access over a fake
// server) inside a data router, which the leave warning (`useBlocker`) needs.

export const submitter: Principal = { name: 'submitter', readonly: false, roles: ['submitter'] };

const node = (id: string, de: string, en: string, url?: string) => ({
  id,
  labels: { de, en },
  ...(url ? { url } : {}),
});
const classification = (id: string, nodes: ReturnType<typeof node>[]): Classification => ({
  id,
  labels: { de: id, en: id },
  nodes,
  modified: '2026-11-01T00:00:00.000Z',
});

/** Small versions of the seeded classifications. */
export const classifications: Classification[] = [
  classification('resourceType', [
    node('dataset', 'Datensatz', 'Dataset'),
    node('series', 'Datensatzreihe', 'Series'),
    node('service', 'Dienst', 'Service'),
  ]),
  classification('topicCategory', [
    node('geoscientificInformation', 'Geowissenschaften', 'Geoscientific information'),
    node('inlandWaters', 'Binnengewässer', 'Inland waters'),
  ]),
  classification('inspireTheme', [node('hy', 'Gewässernetz', 'Hydrography')]),
  classification('license', [
    node('cc-by-4.0', 'CC BY 4.0', 'CC BY 4.0', 'https://creativecommons.org/licenses/by/4.0/'),
  ]),
  classification('contactRole', [
    node('pointOfContact', 'Ansprechpartner', 'Point of contact'),
    node('author', 'Autor', 'Author'),
  ]),
  classification('protocol', [node('wms', 'WMS', 'WMS'), node('download', 'Download', 'Download')]),
];

/** A draft of `submitter` in the detailed view. */
export const draft: ObjectDetailed = {
  id: 'record-0000000001',
  type: 'dataset',
  state: 'draft',
  title: { de: 'Bodenkarte' },
  version: 3,
  owner: 'submitter',
  created: '2026-11-20T09:00:00.000Z',
  modified: '2026-11-21T09:30:00.000Z',
  metadata: { title: { de: 'Bodenkarte' }, keywords: ['Boden'] },
  bundles: [],
  permissions: {
    read: true,
    write: true,
    delete: true,
    accessControl: true,
    transitions: ['submitted'],
  },
  history: [],
};

/** Answers by `METHOD /path` (without the API base); anything else is a 404. */
export type Routes = Record<string, (request: RecordedRequest) => Response | Promise<Response>>;

/** The parsed JSON body of a recorded request. */
export const bodyOf = (request: RecordedRequest | undefined): unknown =>
  JSON.parse(String(request?.body));

/**
 * Renders `ui` at `path` (matched by `pattern`) in a memory data router with the providers;
 * the edit and record pages are stand-ins that show where the editor went.
 */
export function renderEditor(
  ui: ReactElement,
  {
    routes = {},
    path = '/metadata/create',
    pattern = path,
  }: { routes?: Routes; path?: string; pattern?: string } = {},
) {
  polyfillMatchMedia();
  // jsdom lacks what Mantine's autosizing textarea watches: font loading and element sizes.
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
  const fake = fakeFetch((request) => {
    const key = `${request.method} ${request.url.replace('/api/v1', '')}`;
    const answer = routes[key];
    if (answer) return answer(request);
    const found = classifications.find((c) => key === `GET /classification/${c.id}`);
    if (found) return json(found);
    return errorResponse(404, 'route.not_found', 'No route.');
  });
  const access = createAccess({
    apiBase: '/api/v1',
    fetch: fake.fetch,
    storage: createAppStorage({
      local: new MemoryStorage({ accessToken: 'token-1', principal: JSON.stringify(submitter) }),
      session: null,
    }),
  });
  const router = createMemoryRouter(
    [
      { path: pattern, element: ui },
      { path: '/metadata/:id/edit', element: <p>Bearbeitungsseite</p> },
      { path: '/metadata/:id', element: <p>Datensatzseite</p> },
      { path: '/', element: <p>Startseite</p> },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <MantineProvider env="test">
      <IntlProvider locale="de" defaultLocale="de" messages={de as Record<string, string>}>
        <AccessContext value={access}>
          <RouterProvider router={router} />
        </AccessContext>
      </IntlProvider>
    </MantineProvider>,
  );
  const sent = (method: string) => fake.requests.filter((request) => request.method === method);
  return { ...view, router, requests: fake.requests, sent };
}
