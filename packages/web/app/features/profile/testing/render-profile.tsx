import type { Principal, Profile } from '@geoportal/contract/access';
import type { ReactElement } from 'react';
import { editor } from '../../../lib/testing/fixtures';
import { type ApiRoutes, renderApp } from '../../../lib/testing/render-app';

// Renders profile components the way the root does (the shared harness), for the component
// tests of this feature.

/** The profile of `editor` as the server keeps it. */
export const editorProfile: Profile = {
  name: 'editor',
  givenName: 'Erika',
  surname: 'Muster',
  email: 'erika@example.org',
  description: '',
  readonly: false,
  realm: 'local',
};

/**
 * Renders `ui` inside the providers with `principal` signed in under the token `old-token`.
 * Answers the requests with `routes` and records them in `requests`.
 */
export function renderWithAccess(
  ui: ReactElement,
  { routes = {}, principal = editor }: { routes?: ApiRoutes; principal?: Principal | null } = {},
) {
  return renderApp(ui, { api: routes, principal, token: 'old-token' });
}
