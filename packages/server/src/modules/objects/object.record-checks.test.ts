import { ErrorBody } from '@geoportal/contract/errors';
import { ObjectNormal } from '@geoportal/contract/object';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, createAccount, signIn, withToken } from '../../test/access-helpers.js';
import { completeMetadata } from '../../test/record-fixtures.js';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app.js';

/**
 * The record rules the server adds to the schema: codes must exist in their classifications
 * when a record is saved, and a record must be complete to be submitted or published.
 */
describe.each(testDatabases)('record checks on $name', (database) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp(database);
    for (const [name, role] of [
      ['sub', 'submitter'],
      ['ed', 'editor'],
      ['boss', 'administrator'],
    ] as const) {
      await createAccount(t.app, name, `${name} password 1`, { role });
      tokens[name] = await signIn(t.app, name, `${name} password 1`);
    }
    // A classification of the site's own, used as a source of keywords.
    const res = await api('PUT', '/classification/aquiferTypes', as('boss'), {
      labels: { de: 'Grundwasserleitertypen', en: 'Aquifer types' },
      nodes: [
        {
          id: 'porous',
          labels: { de: 'Porengrundwasserleiter', en: 'Porous aquifer' },
          children: [{ id: 'gravel', labels: { de: 'Kies', en: 'Gravel' } }],
        },
        { id: 'karst', labels: { de: 'Karstgrundwasserleiter', en: 'Karst aquifer' } },
      ],
    });
    expect(res.statusCode).toBe(201);
  });
  afterAll(async () => {
    await t.close();
  });

  const api = (...args: Parameters<ReturnType<typeof apiCaller>>) => apiCaller(t.app)(...args);
  const as = (who: string) => withToken(tokens[who] as string);
  const create = async (body: object, who = 'sub') => api('POST', '/object', as(who), body);
  const created = async (body: object) => {
    const res = await create(body);
    expect(res.statusCode, res.body).toBe(201);
    return ObjectNormal.parse(res.json());
  };
  const step = (id: string, state: string, who = 'sub') =>
    api('PUT', `/object/${id}/state`, as(who), { state });
  const ownCount = async () => (await api('GET', '/object?owner=me', as('sub'))).json().numFound;

  it('refuses a new record with unknown codes, naming each one, and stores nothing', async () => {
    const before = await ownCount();
    const res = await create({
      type: 'map',
      metadata: completeMetadata({
        topicCategories: ['geoscientificInformation', 'geology'],
        classifiedKeywords: [
          { classification: 'inspireTheme', code: 'xx' },
          { classification: 'noSuchList', code: 'a' },
          { classification: 'aquiferTypes', code: 'gravel' },
        ],
        licence: 'cc-by-3.0',
        contacts: [
          { organisation: 'LBEG', role: 'foo' },
          { organisation: 'LBEG', role: 'pointOfContact' },
        ],
        onlineResources: [{ url: 'https://example.org/wms', protocol: 'wcs' }],
      }),
    });
    expect(res.statusCode).toBe(400);
    const error = ErrorBody.parse(res.json());
    expect(error.code).toBe('record.unknown_code');
    expect(error.fields).toEqual([
      { path: 'body.type', message: '"map" is not a code of resourceType' },
      {
        path: 'body.metadata.topicCategories.1',
        message: '"geology" is not a code of topicCategory',
      },
      {
        path: 'body.metadata.classifiedKeywords.0.code',
        message: '"xx" is not a code of inspireTheme',
      },
      {
        path: 'body.metadata.classifiedKeywords.1.classification',
        message: '"noSuchList" is not a classification',
      },
      { path: 'body.metadata.licence', message: '"cc-by-3.0" is not a code of license' },
      { path: 'body.metadata.contacts.0.role', message: '"foo" is not a code of contactRole' },
      {
        path: 'body.metadata.onlineResources.0.protocol',
        message: '"wcs" is not a code of protocol',
      },
    ]);
    expect(error.message).toContain('body.metadata.contacts.0.role');
    expect(await ownCount()).toBe(before);
  });

  it('accepts seeded codes, codes of any resource type and nested codes of other classifications', async () => {
    const object = await created({
      type: 'service',
      metadata: completeMetadata({
        classifiedKeywords: [
          { classification: 'inspireTheme', code: 'hy' },
          { classification: 'aquiferTypes', code: 'gravel' },
        ],
        licence: 'other',
      }),
    });
    expect(object.type).toBe('service');
    expect(object.metadata.classifiedKeywords).toHaveLength(2);
  });

  it('refuses a save with an unknown code or type and keeps the stored version', async () => {
    const object = await created({ metadata: completeMetadata() });
    const save = (body: object) =>
      api('PUT', '/object', as('sub'), { id: object.id, version: object.version, ...body });
    const badRole = await save({
      metadata: completeMetadata({ contacts: [{ person: 'A. Muster', role: 'boss' }] }),
    });
    expect(badRole.statusCode).toBe(400);
    expect(badRole.json()).toMatchObject({
      code: 'record.unknown_code',
      fields: [
        { path: 'body.metadata.contacts.0.role', message: '"boss" is not a code of contactRole' },
      ],
    });
    const badType = await save({ type: 'atlas', metadata: completeMetadata() });
    expect(badType.json().fields).toEqual([
      { path: 'body.type', message: '"atlas" is not a code of resourceType' },
    ]);
    const stored = ObjectNormal.parse((await api('GET', `/object/${object.id}`, as('sub'))).json());
    expect(stored.version).toBe(object.version);
    expect(stored.metadata.contacts?.[0]?.role).toBe('pointOfContact');
    // A draft may still be saved incomplete, as long as its codes exist.
    const incomplete = await save({ metadata: { title: { de: 'Nur ein Titel' } } });
    expect(incomplete.statusCode).toBe(200);
  });

  it('refuses to submit an incomplete dataset, listing every missing field', async () => {
    const { id } = await created({ metadata: { title: { de: 'Nur ein Titel' } } });
    const res = await step(id, 'submitted');
    expect(res.statusCode).toBe(400);
    const error = ErrorBody.parse(res.json());
    expect(error.code).toBe('object.incomplete');
    expect(error.fields).toEqual([
      { path: 'metadata.abstract', message: 'is required to submit' },
      { path: 'metadata.topicCategories', message: 'is required to submit' },
      { path: 'metadata.keywords', message: 'needs a keyword or a classified keyword to submit' },
      { path: 'metadata.extent', message: 'is required to submit' },
      {
        path: 'metadata.dates',
        message: 'needs a creation, publication or revision date to submit',
      },
      {
        path: 'metadata.contacts',
        message: 'needs a contact with the role pointOfContact to submit',
      },
      { path: 'metadata.licence', message: 'is required to submit' },
      { path: 'metadata.lineage', message: 'is required to submit' },
    ]);
    expect((await api('GET', `/object/${id}`, as('sub'))).json().state).toBe('draft');
  });

  it('asks of a service no extent, topic category or lineage, but a point of contact', async () => {
    const { extent, topicCategories, lineage, ...rest } = completeMetadata();
    const withoutContact = await created({
      type: 'service',
      metadata: { ...rest, contacts: [{ organisation: 'LBEG', role: 'publisher' }] },
    });
    const refused = await step(withoutContact.id, 'submitted');
    expect(refused.json().fields).toEqual([
      {
        path: 'metadata.contacts',
        message: 'needs a contact with the role pointOfContact to submit',
      },
    ]);
    const service = await created({ type: 'service', metadata: rest });
    expect((await step(service.id, 'submitted')).statusCode).toBe(200);
  });

  it('checks completeness again on publishing, after an editor changed the submission', async () => {
    const object = await created({ metadata: completeMetadata() });
    expect((await step(object.id, 'submitted')).statusCode).toBe(200);
    const { licence, ...withoutLicence } = completeMetadata();
    // The workflow step may have moved the version on; save over the current one.
    const current = ObjectNormal.parse((await api('GET', `/object/${object.id}`, as('ed'))).json());
    const saved = await api('PUT', '/object', as('ed'), {
      id: object.id,
      version: current.version,
      metadata: withoutLicence,
    });
    expect(saved.statusCode).toBe(200);
    const refused = await step(object.id, 'published', 'ed');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'object.incomplete',
      fields: [{ path: 'metadata.licence', message: 'is required to publish' }],
    });
    const completed = await api('PUT', '/object', as('ed'), {
      id: object.id,
      version: current.version + 1,
      metadata: completeMetadata(),
    });
    expect(completed.statusCode).toBe(200);
    const published = await step(object.id, 'published', 'ed');
    expect(published.statusCode).toBe(200);
    expect(published.json().state).toBe('published');
  });

  it('refuses to submit a record whose code was removed from its classification since it was saved', async () => {
    await api('PUT', '/classification/wellTypes', as('boss'), {
      labels: { de: 'Brunnenarten', en: 'Well types' },
      nodes: [
        { id: 'drilled', labels: { de: 'Bohrbrunnen', en: 'Drilled well' } },
        { id: 'dug', labels: { de: 'Schachtbrunnen', en: 'Dug well' } },
      ],
    });
    const object = await created({
      metadata: completeMetadata({
        classifiedKeywords: [
          { classification: 'inspireTheme', code: 'ge' },
          { classification: 'wellTypes', code: 'dug' },
        ],
      }),
    });
    await api('PUT', '/classification/wellTypes', as('boss'), {
      labels: { de: 'Brunnenarten', en: 'Well types' },
      nodes: [{ id: 'drilled', labels: { de: 'Bohrbrunnen', en: 'Drilled well' } }],
    });
    const res = await step(object.id, 'submitted');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'record.unknown_code',
      fields: [
        { path: 'metadata.classifiedKeywords.1.code', message: '"dug" is not a code of wellTypes' },
      ],
    });
  });
});
