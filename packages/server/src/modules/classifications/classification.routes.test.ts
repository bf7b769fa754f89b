import {
  Classification,
  seededClassifications,
  walkNodes,
} from '@geoportal/contract/classification';
import { ErrorBody } from '@geoportal/contract/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, createAccount, signIn, withToken } from '../../test/access-helpers.js';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app.js';

/** A small valid body: two top-level codes, one with a child. */
const soilTypes = {
  labels: { de: 'Bodenarten', en: 'Soil types' },
  nodes: [
    {
      id: 'sand',
      labels: { de: 'Sand', en: 'Sand' },
      children: [{ id: 'fine-sand', labels: { de: 'Feinsand', en: 'Fine sand' } }],
    },
    { id: 'clay', labels: { de: 'Ton', en: 'Clay' }, uri: 'https://example.org/soil/clay' },
  ],
};

/** A chain of `depth` nested nodes. */
function chain(depth: number): object {
  let node: Record<string, unknown> = { id: `level-${depth}`, labels: { de: 'x', en: 'x' } };
  for (let level = depth - 1; level >= 1; level -= 1) {
    node = { id: `level-${level}`, labels: { de: 'x', en: 'x' }, children: [node] };
  }
  return node;
}

/** The JSON text of a chain `depth` levels deep, built without recursion. */
function deepText(depth: number): string {
  const open = '{"id":"n","labels":{"de":"x","en":"x"},"children":['.repeat(depth - 1);
  return `${open}{"id":"n","labels":{"de":"x","en":"x"}}${']}'.repeat(depth - 1)}`;
}

describe.each(testDatabases)('classifications on $name', (database) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp(database);
    for (const [name, role] of [
      ['boss', 'administrator'],
      ['ed', 'editor'],
    ] as const) {
      await createAccount(t.app, name, `${name} password 1`, { role });
      tokens[name] = await signIn(t.app, name, `${name} password 1`);
    }
  });
  afterAll(async () => {
    await t.close();
  });

  const api = (...args: Parameters<ReturnType<typeof apiCaller>>) => apiCaller(t.app)(...args);
  const as = (who: string) => withToken(tokens[who] as string);
  const get = async (id: string) =>
    Classification.parse((await api('GET', `/classification/${id}`)).json());

  it('answers every seeded classification publicly, with labels in German and English', async () => {
    for (const id of seededClassifications) {
      const res = await api('GET', `/classification/${id}`);
      expect(res.statusCode, id).toBe(200);
      const classification = Classification.parse(res.json());
      expect(classification.id).toBe(id);
      const nodes = [...walkNodes(classification.nodes)].map((n) => n.node);
      expect(nodes.length, id).toBeGreaterThan(0);
      for (const node of nodes) {
        expect(node.labels.de, `${id}/${node.id}`).not.toBe('');
        expect(node.labels.en, `${id}/${node.id}`).not.toBe('');
      }
    }
  });

  it('holds the 19 ISO topic categories, the 34 INSPIRE themes and the required licences', async () => {
    const topic = await get('topicCategory');
    expect(topic.nodes).toHaveLength(19);
    expect(topic.nodes.find((n) => n.id === 'geoscientificInformation')?.labels).toEqual({
      de: 'Geowissenschaften',
      en: 'Geoscientific information',
    });
    const inspire = await get('inspireTheme');
    expect(inspire.nodes).toHaveLength(34);
    expect(inspire.nodes.find((n) => n.id === 'ge')).toMatchObject({
      labels: { de: 'Geologie', en: 'Geology' },
      uri: 'https://inspire.ec.europa.eu/theme/ge',
    });
    const licence = await get('license');
    expect(licence.nodes.find((n) => n.id === 'dl-de-by-2.0')?.url).toBe(
      'https://www.govdata.de/dl-de/by-2-0',
    );
    for (const code of [
      'dl-de-zero-2.0',
      'cc0-1.0',
      'cc-by-4.0',
      'cc-by-sa-4.0',
      'odbl-1.0',
      'other',
    ]) {
      expect(licence.nodes.map((n) => n.id)).toContain(code);
    }
  });

  it('answers 404 classification.not_found for an unknown id, whatever its shape', async () => {
    for (const id of ['noSuchList', '-x', 'a%20b']) {
      const res = await api('GET', `/classification/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(ErrorBody.parse(res.json()).code).toBe('classification.not_found');
    }
  });

  it('sends an ETag and answers 304 to a matching If-None-Match', async () => {
    const first = await api('GET', '/classification/protocol');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toContain('public');
    const again = await api('GET', '/classification/protocol', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const weakInList = await api('GET', '/classification/protocol', {
      'if-none-match': `"other", W/${etag}`,
    });
    expect(weakInList.statusCode).toBe(304);
    const stale = await api('GET', '/classification/protocol', { 'if-none-match': '"old"' });
    expect(stale.statusCode).toBe(200);
  });

  it('refuses changes to visitors (401) and to editors (403)', async () => {
    const visitor = await api('PUT', '/classification/soilTypes', {}, soilTypes);
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().code).toBe('auth.required');
    const editor = await api('PUT', '/classification/soilTypes', as('ed'), soilTypes);
    expect(editor.statusCode).toBe(403);
    expect(editor.json().code).toBe('auth.forbidden');
    expect((await api('GET', '/classification/soilTypes')).statusCode).toBe(404);
  });

  it('lets administrators create (201) and replace (200) a classification; the ETag follows', async () => {
    const created = await api('PUT', '/classification/soilTypes', as('boss'), soilTypes);
    expect(created.statusCode).toBe(201);
    expect(Classification.parse(created.json())).toMatchObject({ id: 'soilTypes', ...soilTypes });
    const before = await api('GET', '/classification/soilTypes');
    expect(before.json()).toEqual(created.json());
    expect(before.headers.etag).toBe(created.headers.etag);

    const replacement = {
      ...soilTypes,
      descriptions: { de: 'Nach Korngröße', en: 'By grain size' },
      nodes: [...soilTypes.nodes, { id: 'silt', labels: { de: 'Schluff', en: 'Silt' } }],
    };
    const replaced = await api('PUT', '/classification/soilTypes', as('boss'), replacement);
    expect(replaced.statusCode).toBe(200);
    const stored = await get('soilTypes');
    expect(stored).toMatchObject({ ...replacement });
    expect(stored.nodes.map((n) => n.id)).toEqual(['sand', 'clay', 'silt']);
    const stale = await api('GET', '/classification/soilTypes', {
      'if-none-match': before.headers.etag as string,
    });
    expect(stale.statusCode).toBe(200);
    const row = await t.app.db
      .selectFrom('classification')
      .select('modified_by')
      .where('id', '=', 'soilTypes')
      .executeTakeFirstOrThrow();
    expect(row.modified_by).toBe('boss');
  });

  it('refuses invalid bodies with 400 and the offending fields, and keeps what was stored', async () => {
    await api('PUT', '/classification/rockTypes', as('boss'), soilTypes);
    const stored = (await api('GET', '/classification/rockTypes')).json();
    const cases: { body: unknown; path: string }[] = [
      {
        body: {
          ...soilTypes,
          nodes: [...soilTypes.nodes, { id: 'fine-sand', labels: { de: 'Doppelt', en: 'Twice' } }],
        },
        path: 'body.nodes.2.id',
      },
      {
        body: { ...soilTypes, nodes: [{ id: 'sand', labels: { de: 'Sand' } }] },
        path: 'body.nodes.0.labels.en',
      },
      {
        body: { ...soilTypes, labels: { de: 'Bodenarten', en: '  ' } },
        path: 'body.labels.en',
      },
      {
        body: { ...soilTypes, nodes: [chain(9)] },
        path: `body.nodes.0${'.children.0'.repeat(8)}`,
      },
      // Thousands of levels must not exhaust the stack: still a 400 naming the first too deep.
      // Written as text: JSON.stringify itself runs out of stack at this depth.
      {
        body: `{"labels":{"de":"x","en":"x"},"nodes":[${deepText(3000)}]}`,
        path: `body.nodes.0${'.children.0'.repeat(8)}`,
      },
      {
        body: { ...soilTypes, nodes: [{ ...soilTypes.nodes[1], colour: 'red' }] },
        path: 'body.nodes.0',
      },
      { body: { ...soilTypes, owner: 'me' }, path: 'body' },
      {
        body: { ...soilTypes, nodes: [{ id: 'bad code!', labels: { de: 'x', en: 'x' } }] },
        path: 'body.nodes.0.id',
      },
    ];
    for (const { body, path } of cases) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/v1/classification/rockTypes',
        headers: { ...as('boss'), 'content-type': 'application/json' },
        payload: typeof body === 'string' ? body : JSON.stringify(body),
      });
      expect(res.statusCode, path).toBe(400);
      const error = ErrorBody.parse(res.json());
      expect(error.code).toBe('request.validation');
      expect(
        error.fields?.map((f) => f.path),
        path,
      ).toContain(path);
    }
    expect((await api('GET', '/classification/rockTypes')).json()).toEqual(stored);
  });

  it('accepts the deepest allowed tree and refuses an id that is not a classification id', async () => {
    const deep = await api('PUT', '/classification/deepList', as('boss'), {
      ...soilTypes,
      nodes: [chain(8)],
    });
    expect(deep.statusCode).toBe(201);
    const badId = await api('PUT', '/classification/9lives', as('boss'), soilTypes);
    expect(badId.statusCode).toBe(400);
    expect(badId.json().fields[0].path).toBe('params.id');
  });

  it('documents both endpoints in the OpenAPI document', async () => {
    const doc = (await api('GET', '/openapi.json')).json();
    const path = doc.paths['/api/v1/classification/{id}'];
    expect(Object.keys(path).sort()).toEqual(['get', 'put']);
  });
});
