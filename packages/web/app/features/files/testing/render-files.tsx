import type { Principal } from '@geoportal/contract/access';
import type { Bundle, FileEntry } from '@geoportal/contract/files';
import de from '@geoportal/contract/i18n/de.json' with { type: 'json' };
import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { IntlProvider } from 'react-intl';
import { vi } from 'vitest';
import { AccessContext, createAccess } from '../../../lib/auth/access';
import { createAppStorage } from '../../../lib/storage';
import { errorResponse, fakeFetch, type RecordedRequest } from '../../../lib/testing/fake-fetch';
import { MemoryStorage } from '../../../lib/testing/fake-storage';
import { fakeXhrFactory } from '../../../lib/testing/fake-xhr';
import { polyfillMatchMedia } from '../../../lib/testing/render-with-providers';

// Renders files components the way the root does (Mantine, the German translations, an Access
// over a fake server) with a scriptable XMLHttpRequest for uploads and downloads.

export const submitter: Principal = { name: 'submitter', readonly: false, roles: ['submitter'] };

export const recordId = 'record-0000000001';

/** A stored file with plausible facts. */
export function fileEntry(path: string, mediaType: string, extra: Partial<FileEntry> = {}) {
  return {
    path,
    size: 1536,
    sha256: 'a'.repeat(64),
    mediaType,
    index: false,
    modified: '2026-11-21T09:30:00.000Z',
    ...extra,
  } satisfies FileEntry;
}

/** A bundle with the given files. */
export function bundle(name: string, files: FileEntry[], extra: Partial<Bundle> = {}): Bundle {
  return { name, display: true, description: '', order: 0, files, ...extra };
}

/** Answers by `METHOD /path` (without the API base); anything else is a 404. */
export type Routes = Record<string, (request: RecordedRequest) => Response | Promise<Response>>;

/**
 * Renders `ui` in the providers with `principal` signed in (null: a visitor). Answers fetches
 * with `routes`; XMLHttpRequests go to a fake whose requests the test drives.
 */
export function renderFiles(
  ui: ReactElement,
  { routes = {}, principal = submitter }: { routes?: Routes; principal?: Principal | null } = {},
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
  const xhr = fakeXhrFactory();
  vi.stubGlobal('XMLHttpRequest', function FakeXMLHttpRequest() {
    return xhr.create();
  } as unknown as typeof XMLHttpRequest);
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
      <IntlProvider locale="de" defaultLocale="de" messages={de as Record<string, string>}>
        <AccessContext value={access}>{ui}</AccessContext>
      </IntlProvider>
    </MantineProvider>,
  );
  const sent = (method: string) => fake.requests.filter((request) => request.method === method);
  return { ...view, access, requests: fake.requests, sent, xhr };
}
