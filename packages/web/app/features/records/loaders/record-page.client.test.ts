import { beforeEach, describe, expect, it } from 'vitest';
import { createAccessKeyStore } from '../../../lib/access-keys';
import { forgetClassifications } from '../../../lib/classifications/classification-api';
import { createHttpClient } from '../../../lib/http/http-client';
import { errorResponse, fakeFetch, json } from '../../../lib/testing/fake-fetch';
import { MemoryStorage } from '../../../lib/testing/fake-storage';
import { classifications, fullRecord } from '../testing/record-fixtures';
import { draft } from '../testing/render-records';
import { loadRecordInBrowser } from './record-page.client';
import type { RecordPageData } from './record-page-data';

const id = draft.id;
const server: RecordPageData = {
  id,
  lang: 'de',
  apiBase: '/api/v1',
  record: null,
  classifications: {},
  visitorCanRead: false,
  checked: false,
  keyRequired: false,
  keyRejected: false,
  jsonLd: null,
};

/** A browser load over a fake API: `readable` decides whether the record answers. */
function setup({
  readable = true,
  required = false,
  key = '',
  record = draft,
  failing = [] as string[],
} = {}) {
  const keys = createAccessKeyStore({ local: new MemoryStorage(), session: new MemoryStorage() });
  if (key) keys.set(id, key);
  const fake = fakeFetch((request) => {
    if (request.url.endsWith('/accessKey/required')) return json(required);
    if (request.url === `/api/v1/object/${id}` && readable) return json({ ...record, id });
    const classificationId = request.url.match(/^\/api\/v1\/classification\/(\w+)$/)?.[1];
    const found = classifications[classificationId as keyof typeof classifications];
    if (found && !failing.includes(found.id)) return json(found);
    if (found) return errorResponse(500, 'server.internal', 'Broken.');
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

// The classification cache lives in the module; each test starts without it.
beforeEach(() => forgetClassifications());

describe('loadRecordInBrowser', () => {
  it('reads the detailed view for a signed-in user', async () => {
    const { client, requests, keys } = setup();
    const data = await loadRecordInBrowser(server, { client, hasToken: true, keys });
    expect(data).toMatchObject({
      checked: true,
      record: { id, permissions: { accessControl: true } },
    });
    expect(requests[0]?.headers.accept).toBe('application/json; detail=detailed');
    expect(data.classifications).toEqual({ resourceType: classifications.resourceType });
  });

  it('loads the classifications a record uses, leaving out one that fails', async () => {
    const { client, requests, keys } = setup({ record: fullRecord, failing: ['license'] });
    const data = await loadRecordInBrowser(server, { client, hasToken: true, keys });
    const { license: _license, ...others } = classifications;
    expect(data.classifications).toEqual(others);
    expect(requests.map((request) => request.url).sort()).toEqual([
      `/api/v1/classification/contactRole`,
      `/api/v1/classification/inspireTheme`,
      `/api/v1/classification/license`,
      `/api/v1/classification/protocol`,
      `/api/v1/classification/resourceType`,
      `/api/v1/classification/topicCategory`,
      `/api/v1/object/${id}`,
    ]);
  });

  it('keeps the classifications the server sent without asking for them again', async () => {
    const { client, requests, keys } = setup();
    const data = await loadRecordInBrowser(
      { ...server, classifications: { resourceType: classifications.resourceType } },
      { client, hasToken: true, keys },
    );
    expect(data.classifications.resourceType).toEqual(classifications.resourceType);
    expect(requests.map((request) => request.url)).toEqual([`/api/v1/object/${id}`]);
  });

  it('keeps the server’s public view for a visitor without a key, asking nothing', async () => {
    const { client, requests, keys } = setup();
    const data = await loadRecordInBrowser(
      {
        ...server,
        record: { ...draft, state: 'published' },
        classifications: { resourceType: classifications.resourceType },
        visitorCanRead: true,
      },
      { client, hasToken: false, keys },
    );
    expect(data).toMatchObject({ checked: true, visitorCanRead: true });
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
