import type { Principal, Profile } from '@geoportal/contract/access';
import de from '@geoportal/contract/i18n/de.json' with { type: 'json' };
import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { IntlProvider } from 'react-intl';
import { AccessContext, createAccess } from '../../../lib/auth/access';
import { createAppStorage } from '../../../lib/storage';
import { errorResponse, fakeFetch, type RecordedRequest } from '../../../lib/testing/fake-fetch';
import { MemoryStorage } from '../../../lib/testing/fake-storage';
import { polyfillMatchMedia as polyfillAllMedia } from '../../../lib/testing/render-with-providers';

// Renders profile components the way the root does (Mantine, German translations, an
// Access over a fake server), for the component tests of this feature.

/** The German translations: tests find controls by the names a German user hears. */
export const messages: Record<string, string> = de;

/** The signed-in user of the tests. */
export const editor: Principal = { name: 'editor', readonly: false, roles: ['editor'] };

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

/** Answers by `METHOD /path` (without the API base); anything else is a 404. */
export type Routes = Record<string, (request: RecordedRequest) => Response | Promise<Response>>;

/** The parsed JSON body of a recorded request. */
export function bodyOf(request: RecordedRequest | undefined): unknown {
  return JSON.parse(String(request?.body));
}

/** jsdom lacks `matchMedia`; the shared test helper provides it unless a test set its own. */
export function polyfillMatchMedia(): void {
  if (typeof window.matchMedia !== 'function') polyfillAllMedia();
}

/**
 * Renders `ui` inside the providers with `principal` signed in under the token `old-token`.
 * Answers the requests with `routes` and records them in `requests`.
 */
export function renderWithAccess(
  ui: ReactElement,
  { routes = {}, principal = editor }: { routes?: Routes; principal?: Principal | null } = {},
) {
  polyfillMatchMedia();
  const fake = fakeFetch((request) => {
    const answer = routes[`${request.method} ${request.url.replace('/api/v1', '')}`];
    return answer ? answer(request) : errorResponse(404, 'route.not_found', 'No route.');
  });
  const saved: Record<string, string> = principal
    ? { accessToken: 'old-token', principal: JSON.stringify(principal) }
    : {};
  const local = new MemoryStorage(saved);
  const access = createAccess({
    apiBase: '/api/v1',
    fetch: fake.fetch,
    storage: createAppStorage({ local, session: null }),
  });
  const view = render(
    <MantineProvider env="test">
      <IntlProvider locale="de" defaultLocale="de" messages={messages}>
        <AccessContext value={access}>{ui}</AccessContext>
      </IntlProvider>
    </MantineProvider>,
  );
  // The requests sent with one method, e.g. every PUT.
  const sent = (method: string) => fake.requests.filter((request) => request.method === method);
  return { ...view, access, local, requests: fake.requests, sent };
}
