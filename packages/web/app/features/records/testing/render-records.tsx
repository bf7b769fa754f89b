import type { Principal } from '@geoportal/contract/access';
import type { ObjectDetailed } from '@geoportal/contract/object';
import type { ReactElement } from 'react';
import { ownDraft, submitter } from '../../../lib/testing/fixtures';
import { type ApiRoutes, renderApp } from '../../../lib/testing/render-app';

// Renders record components the way the root does (the shared harness, inside a router), for
// the component tests of this feature.

/** A draft of `submitter` in the detailed view, as the owner sees it. */
export const draft: ObjectDetailed = ownDraft({
  title: { de: 'Bodenrichtwerte Sachsen' },
  version: 1,
  metadata: {
    title: { de: 'Bodenrichtwerte Sachsen' },
    abstract: { de: 'Erster Absatz.\n\nZweiter Absatz.' },
    keywords: ['Boden', 'Wert'],
    extent: { west: 11.87, south: 50.17, east: 15.04, north: 51.68 },
  },
  history: [{ from: null, to: 'draft', by: 'submitter', at: '2026-11-20T09:00:00.000Z' }],
});

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
    routes?: ApiRoutes;
    principal?: Principal | null;
    path?: string;
    locale?: 'de' | 'en';
  } = {},
) {
  return renderApp(ui, { api: routes, principal, path, locale });
}
