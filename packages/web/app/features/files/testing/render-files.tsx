import type { Principal } from '@geoportal/contract/access';
import type { Bundle, FileEntry } from '@geoportal/contract/files';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { fakeXhrFactory } from '../../../lib/testing/fake-xhr';
import { submitter } from '../../../lib/testing/fixtures';
import { type ApiRoutes, renderApp } from '../../../lib/testing/render-app';

// Renders files components the way the root does (the shared harness) with a scriptable
// XMLHttpRequest for uploads and downloads.

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

/**
 * Renders `ui` in the providers with `principal` signed in (null: a visitor). Answers fetches
 * with `routes`; XMLHttpRequests go to a fake whose requests the test drives.
 */
export function renderFiles(
  ui: ReactElement,
  { routes = {}, principal = submitter }: { routes?: ApiRoutes; principal?: Principal | null } = {},
) {
  const xhr = fakeXhrFactory();
  vi.stubGlobal('XMLHttpRequest', function FakeXMLHttpRequest() {
    return xhr.create();
  } as unknown as typeof XMLHttpRequest);
  return { ...renderApp(ui, { api: routes, principal }), xhr };
}
