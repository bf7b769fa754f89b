import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLoadContext } from '../entry.server';
import { errorResponse, fakeFetch, json } from '../lib/testing/fake-fetch';
import type { Route } from './+types/content-static';
import { handle, loader } from './content-static';

const ssrApiBase = 'http://127.0.0.1:8085/api/v1';
const legal = { fileName: 'legal', lang: 'en', title: 'Legal notice', html: '<p>Text</p>' };

/** Runs the loader for `/content/<fileName>` with the visitor's `cookie`. */
function load(fileName: string, cookie = '') {
  const context = createLoadContext(
    { apiBase: '/api/v1', ssrApiBase, publicUrl: 'http://localhost:8085', formLogin: true },
    { nonce: '' },
  );
  const request = new Request(`http://localhost:8085/content/${fileName}`, {
    headers: { cookie },
  });
  return loader({ request, params: { fileName }, context } as unknown as Route.LoaderArgs);
}

/** What the loader threw, for asserting a 404. */
async function thrownBy(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => undefined,
    (error: unknown) => error,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('content.static route', () => {
  it('loads the page in the language of the lang cookie from the SSR API base', async () => {
    const fake = fakeFetch(() => json(legal));
    vi.stubGlobal('fetch', fake.fetch);
    await expect(load('legal', 'lang=en')).resolves.toEqual(legal);
    expect(fake.requests.map((r) => r.url)).toEqual([`${ssrApiBase}/content/en/legal`]);
  });

  it.each([
    ['an unknown page', 'nope'],
    ['a name with path tricks', '../../etc/passwd'],
  ])('answers %s with a 404 for the not-found page', async (_, fileName) => {
    vi.stubGlobal('fetch', fakeFetch(() => errorResponse(404, 'content.not_found', 'No.')).fetch);
    // `data(…, { status })` thrown from a loader; React Router makes it the 404 response.
    expect(await thrownBy(load(fileName))).toMatchObject({ init: { status: 404 } });
  });

  it('labels its breadcrumb with the page title, and leaves it out without a page', () => {
    expect(handle.breadcrumb(legal)).toBe('Legal notice');
    expect(handle.breadcrumb(undefined)).toBeUndefined();
  });
});
