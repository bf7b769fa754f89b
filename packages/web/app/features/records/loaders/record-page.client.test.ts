import { describe, expect, it } from 'vitest';
import { createAccessKeyStore } from '../../../lib/access-keys';
import { createHttpClient } from '../../../lib/http/http-client';
import { errorResponse, fakeFetch, json } from '../../../lib/testing/fake-fetch';
import { MemoryStorage } from '../../../lib/testing/fake-storage';
import { draft } from '../testing/render-records';
import { loadRecordInBrowser } from './record-page.client';
import type { RecordPageData } from './record-page-data';

const id = draft.id;
const server: RecordPageData = {
  id,
  lang: 'de',
  apiBase: '/api/v1',
  record: null,
  checked: false,
  keyRequired: false,
  keyRejected: false,
};

/** A browser load over a fake API: `readable` decides whether the record answers. */
function setup({ readable = true, required = false, key = '' } = {}) {
  const keys = createAccessKeyStore({ local: new MemoryStorage(), session: new MemoryStorage() });
  if (key) keys.set(id, key);
  const fake = fakeFetch((request) => {
    if (request.url.endsWith('/accessKey/required')) return json(required);
    if (request.url === `/api/v1/object/${id}` && readable) return json(draft);
    return errorResponse(404, 'object.not_found', 'No such record.');
  });
  const client = createHttpClient({
    apiBase: '/api/v1',
    getToken: () => 'token-1',
    getAccessKey: (objectId) => keys.get(objectId),
    fetch: fake.fetch,
  });
  return { keys, client, requests: fake.requests };
}

describe('loadRecordInBrowser', () => {
  it('reads the detailed view for a signed-in user', async () => {
    const { client, requests, keys } = setup();
    const data = await loadRecordInBrowser(server, { client, hasToken: true, keys });
    expect(data).toMatchObject({
      checked: true,
      record: { id, permissions: { accessControl: true } },
    });
    expect(requests[0]?.headers.accept).toBe('application/json; detail=detailed');
  });

  it('keeps the server’s public view for a visitor without a key, asking nothing', async () => {
    const { client, requests, keys } = setup();
    const data = await loadRecordInBrowser(
      { ...server, record: { ...draft, state: 'published' } },
      { client, hasToken: false, keys },
    );
    expect(data.checked).toBe(true);
    expect(requests).toEqual([]);
  });

  it('finds that a key would open a record the visitor cannot read', async () => {
    const { client, keys } = setup({ readable: false, required: true });
    const data = await loadRecordInBrowser(server, { client, hasToken: false, keys });
    expect(data).toMatchObject({ record: null, keyRequired: true, keyRejected: false });
  });

  it('sends a held key, and forgets and reports one the server refused', async () => {
    const accepted = setup({ key: 'right' });
    const ok = await loadRecordInBrowser(server, { ...accepted, hasToken: false });
    expect(ok.record?.id).toBe(id);
    expect(accepted.requests[0]?.headers['x-access-key']).toBe('right');

    const refused = setup({ readable: false, required: true, key: 'wrong' });
    const data = await loadRecordInBrowser(server, { ...refused, hasToken: false });
    expect(data).toMatchObject({ record: null, keyRequired: true, keyRejected: true });
    expect(refused.keys.get(id)).toBeUndefined();
  });

  it('answers "not found" when no key would help either', async () => {
    const { client, keys } = setup({ readable: false, required: false });
    const data = await loadRecordInBrowser(server, { client, hasToken: true, keys });
    expect(data).toMatchObject({ record: null, checked: true, keyRequired: false });
  });
});
