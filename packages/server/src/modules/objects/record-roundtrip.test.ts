import { Classification, walkNodes } from '@geoportal/contract/classification';
import { ObjectNormal } from '@geoportal/contract/object';
import { propertyRuns } from '@geoportal/contract/testing/property-runs';
import { type RecordCodes, recordArbitrary } from '@geoportal/contract/testing/record-arbitrary';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, createAccount, signIn, withToken } from '../../test/access-helpers.js';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app.js';

/**
 * Generated records go through the API and the database (jsonb) and come back unchanged:
 * no field is lost, renamed, re-encoded, re-ordered inside lists or rounded on the way.
 */
describe.each(testDatabases)('records round-trip through the API on $name', (database) => {
  let t: TestApp;
  let call: ReturnType<typeof apiCaller>;
  let submitter: Record<string, string>;
  let editor: Record<string, string>;
  let codes: RecordCodes;

  beforeAll(async () => {
    t = await createTestApp(database);
    call = apiCaller(t.app);
    await createAccount(t.app, 'sub', 'sub password 1', { role: 'submitter' });
    await createAccount(t.app, 'ed', 'ed password 1', { role: 'editor' });
    submitter = withToken(await signIn(t.app, 'sub', 'sub password 1'));
    editor = withToken(await signIn(t.app, 'ed', 'ed password 1'));
    // The codes come from the API, as a client would see them, not from the seed source.
    const list = async (id: string) => {
      const res = await call('GET', `/classification/${id}`);
      expect(res.statusCode).toBe(200);
      return [...walkNodes(Classification.parse(res.json()).nodes)].map(({ node }) => node.id);
    };
    codes = {
      topicCategory: await list('topicCategory'),
      inspireTheme: await list('inspireTheme'),
      license: await list('license'),
      contactRole: await list('contactRole'),
      protocol: await list('protocol'),
    };
  });
  afterAll(async () => {
    await t.close();
  });

  const getObject = async (id: string, headers: Record<string, string>) => {
    const res = await call('GET', `/object/${id}`, headers);
    expect(res.statusCode, res.body).toBe(200);
    return ObjectNormal.parse(res.json());
  };

  it('has the seeded code lists to generate from', () => {
    expect(codes.topicCategory).toHaveLength(19);
    expect(codes.inspireTheme).toHaveLength(34);
    expect(codes.contactRole).toContain('pointOfContact');
    expect(codes.protocol).toEqual(expect.arrayContaining(['wms', 'wmts', 'download']));
  });

  it('keeps created and overwritten records exactly as sent', async () => {
    await fc.assert(
      fc.asyncProperty(recordArbitrary(codes), recordArbitrary(codes), async (first, second) => {
        const created = await call('POST', '/object', submitter, { metadata: first });
        expect(created.statusCode, created.body).toBe(201);
        const { id, version } = ObjectNormal.parse(created.json());
        expect((await getObject(id, submitter)).metadata).toStrictEqual(first);

        const saved = await call('PUT', '/object', submitter, { id, version, metadata: second });
        expect(saved.statusCode, saved.body).toBe(200);
        expect(ObjectNormal.parse(saved.json()).metadata).toStrictEqual(second);
        const again = await getObject(id, submitter);
        expect(again.metadata).toStrictEqual(second);
        expect(again.version).toBe(version + 1);
      }),
      propertyRuns(25),
    );
  });

  it('refuses texts the database cannot store with a 400 naming the field, not a 500', async () => {
    for (const text of [`a${String.fromCharCode(0)}b`, 'a\ud800b']) {
      const res = await call('POST', '/object', submitter, {
        metadata: { title: { de: 'Titel' }, keywords: ['ok', text] },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'request.validation',
        fields: [expect.objectContaining({ path: expect.stringContaining('keywords.1') })],
      });
    }
  });

  it('keeps a complete record unchanged when an editor saves it in review', async () => {
    await fc.assert(
      fc.asyncProperty(recordArbitrary(codes, { complete: true }), async (record) => {
        const created = await call('POST', '/object', submitter, { metadata: record });
        expect(created.statusCode, created.body).toBe(201);
        const { id } = ObjectNormal.parse(created.json());
        const submitted = await call('PUT', `/object/${id}/state`, submitter, {
          state: 'submitted',
        });
        expect(submitted.statusCode, submitted.body).toBe(200);

        // The editor opens the record and saves what it got back, as the editor form does.
        const opened = await getObject(id, editor);
        const saved = await call('PUT', '/object', editor, {
          id,
          version: opened.version,
          type: opened.type,
          metadata: opened.metadata,
        });
        expect(saved.statusCode, saved.body).toBe(200);
        const after = await getObject(id, editor);
        expect(after.metadata).toStrictEqual(record);
        expect(after.version).toBe(opened.version + 1);
        // Still the same for its owner, who can read but no longer write it.
        expect((await getObject(id, submitter)).metadata).toStrictEqual(record);
      }),
      propertyRuns(10),
    );
  });
});
