import type { ObjectState } from '@geoportal/contract/object';
import type { Metadata } from '@geoportal/contract/record';
import type { SearchResponse } from '@geoportal/contract/search';
import type { FastifyInstance } from 'fastify';
import { apiCaller, createAccount, signIn, withToken } from '../../test/access-helpers.js';
import { stepsTo, stepTaker } from '../../test/expected-access.js';
import { completeMetadata } from '../../test/record-fixtures.js';

/** Accounts of the search tests: a submitter who owns the records and an editor who publishes. */
export async function searchAccounts(app: FastifyInstance) {
  await createAccount(app, 'owner', 'owner-password-1', { role: 'submitter' });
  await createAccount(app, 'other', 'other-password-1', { role: 'submitter' });
  await createAccount(app, 'editor', 'editor-password-1', { role: 'editor' });
  return {
    owner: await signIn(app, 'owner', 'owner-password-1'),
    other: await signIn(app, 'other', 'other-password-1'),
    editor: await signIn(app, 'editor', 'editor-password-1'),
  };
}

export type Tokens = Awaited<ReturnType<typeof searchAccounts>>;

/** Creates a record as the owner and takes it to `state`; answers its id. */
export async function createRecord(
  app: FastifyInstance,
  tokens: Tokens,
  overrides: Partial<Metadata>,
  state: ObjectState = 'published',
  type = 'dataset',
): Promise<string> {
  const api = apiCaller(app);
  const created = await api('POST', '/object', withToken(tokens.owner), {
    type,
    // A lineage of its own: the fixture's mentions boreholes, which the tests search for.
    metadata: completeMetadata({
      lineage: { de: 'Im Gelände erhoben.', en: 'Surveyed in the field.' },
      ...overrides,
    }),
  });
  if (created.statusCode !== 201) throw new Error(`create: ${created.statusCode} ${created.body}`);
  const id = created.json().id as string;
  for (const step of stepsTo(state)) {
    const token = stepTaker(step) === 'owner' ? tokens.owner : tokens.editor;
    const res = await api('PUT', `/object/${id}/state`, withToken(token), {
      state: step,
      comment: 'test',
    });
    if (res.statusCode !== 200) throw new Error(`state ${step}: ${res.statusCode} ${res.body}`);
  }
  return id;
}

/** GETs a search URL under /api/v1; answers status and body. */
export async function searchGet(app: FastifyInstance, url: string, token?: string) {
  const res = await app.inject({
    method: 'GET',
    url: `/api/v1${url}`,
    headers: token ? withToken(token) : {},
  });
  return { status: res.statusCode, body: res.json() };
}

/** The list search; fails the test on anything but 200. */
export async function searchOk(
  app: FastifyInstance,
  url: string,
  token?: string,
): Promise<SearchResponse> {
  const res = await searchGet(app, url, token);
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as SearchResponse;
}

/** `/index/search/objects/{q}/{start}/{rows}?fq=…&sort=…` with every part encoded. */
export function searchUrl(
  q: string,
  options: { start?: number; rows?: number; fq?: string[]; sort?: string[]; facets?: boolean } = {},
) {
  const params = new URLSearchParams();
  for (const fq of options.fq ?? []) params.append('fq', fq);
  for (const sort of options.sort ?? []) params.append('sort', sort);
  if (options.facets === false) params.set('facets', 'false');
  const query = params.toString();
  return `/index/search/objects/${encodeURIComponent(q)}/${options.start ?? 0}/${options.rows ?? 10}${query ? `?${query}` : ''}`;
}
