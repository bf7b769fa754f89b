import type { Classification } from '@geoportal/contract/classification';
import type { ObjectDetailed } from '@geoportal/contract/object';
import type { ReactElement } from 'react';
import { errorResponse, json } from '../../../lib/testing/fake-fetch';
import { ownDraft, submitter } from '../../../lib/testing/fixtures';
import { type ApiRoutes, renderApp } from '../../../lib/testing/render-app';

// Renders the editor the way the app does (the shared harness, `submitter` signed in) inside
// a data router, which the leave warning (`useBlocker`) needs; the classifications the
// pickers ask for are answered from the small versions below.

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
export const draft: ObjectDetailed = ownDraft({
  title: { de: 'Bodenkarte' },
  version: 3,
  metadata: { title: { de: 'Bodenkarte' }, keywords: ['Boden'] },
  history: [],
});

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
  }: { routes?: ApiRoutes; path?: string; pattern?: string } = {},
) {
  const view = renderApp(ui, {
    api: routes,
    otherwise: (_request, key) => {
      const found = classifications.find((c) => key === `GET /classification/${c.id}`);
      return found ? json(found) : errorResponse(404, 'route.not_found', 'No route.');
    },
    principal: submitter,
    path,
    pattern,
    pages: [
      { path: '/metadata/:id/edit', element: <p>Bearbeitungsseite</p> },
      { path: '/metadata/:id', element: <p>Datensatzseite</p> },
      { path: '/', element: <p>Startseite</p> },
    ],
  });
  // With `pages` the harness always builds a data router; the tests drive it.
  if (!view.router) throw new Error('The editor needs a data router.');
  return { ...view, router: view.router };
}
