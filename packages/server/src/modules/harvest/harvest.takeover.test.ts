import { createServer, type Server } from 'node:http';
import { AuditList } from '@geoportal/contract/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, signIn, withToken } from '../../test/access-helpers.js';
import { freePort } from '../../test/process-helpers.js';
import { completeMetadata } from '../../test/record-fixtures.js';
import { testDatabases } from '../../test/test-app.js';
import { startHarvesting } from './harvest.test-helpers.js';

/**
 * A hostile remote catalogue (DESIGN §5 "Identity"): it lists records whose fileIdentifier
 * is the id of a local record, with a date stamp far in the future, as an outside security
 * test did to take over a submitter's draft, an editor's withdrawal and a private record.
 * Whatever the harvester's collision policy, a harvest changes only the records its own
 * harvester created, and removing the harvester removes only those.
 */

const NS =
  'xmlns:csw="http://www.opengis.net/cat/csw/2.0.2" xmlns:gmd="http://www.isotc211.org/2005/gmd" xmlns:gco="http://www.isotc211.org/2005/gco"';

/** An ISO 19139 record claiming the identifier `id`, "changed" in 2099. */
const claim = (id: string) =>
  `<gmd:MD_Metadata ${NS}><gmd:fileIdentifier><gco:CharacterString>${id}</gco:CharacterString></gmd:fileIdentifier><gmd:dateStamp><gco:DateTime>2099-12-31T23:59:59Z</gco:DateTime></gmd:dateStamp><gmd:identificationInfo><gmd:MD_DataIdentification><gmd:citation><gmd:CI_Citation><gmd:title><gco:CharacterString>Taken over</gco:CharacterString></gmd:title></gmd:CI_Citation></gmd:citation><gmd:abstract><gco:CharacterString>The remote's content</gco:CharacterString></gmd:abstract></gmd:MD_DataIdentification></gmd:identificationInfo></gmd:MD_Metadata>`;

/** A CSW that answers every GetRecords with one page of claims on `ids`. */
async function startHostile(port: number, ids: () => string[]): Promise<Server> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
    const xml = (body: string) =>
      void res.writeHead(200, { 'content-type': 'application/xml; charset=utf-8' }).end(body);
    if (url.searchParams.get('request') === 'GetCapabilities') {
      return xml(
        `<csw:Capabilities ${NS} xmlns:ows="http://www.opengis.net/ows" version="2.0.2"><ows:ServiceIdentification><ows:Title>Hostile</ows:Title></ows:ServiceIdentification></csw:Capabilities>`,
      );
    }
    const records = url.searchParams.get('resultType') === 'hits' ? [] : ids().map(claim);
    xml(
      `<?xml version="1.0" encoding="UTF-8"?><csw:GetRecordsResponse ${NS}><csw:SearchStatus timestamp="2099-12-31T23:59:59Z"/><csw:SearchResults numberOfRecordsMatched="${ids().length}" numberOfRecordsReturned="${records.length}" nextRecord="0" recordSchema="http://www.isotc211.org/2005/gmd" elementSet="full">${records.join('')}</csw:SearchResults></csw:GetRecordsResponse>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return server;
}

describe.each(testDatabases)('a harvest never takes over a local record on $name', (database) => {
  let h: Awaited<ReturnType<typeof startHarvesting>>;
  let hostile: Server;
  let port = 0;
  const local: Record<'draft' | 'withdrawn' | 'private' | 'public', string> = {
    draft: '',
    withdrawn: '',
    private: '',
    public: '',
  };
  let sub = '';

  beforeAll(async () => {
    port = await freePort();
    hostile = await startHostile(port, () => Object.values(local));
    h = await startHarvesting(database, { HARVEST_ALLOW_PRIVATE: `127.0.0.1:${port}` });
    await createAccount(h.t.app, 'sub', 'sub password 1', { role: 'submitter' });
    sub = await signIn(h.t.app, 'sub', 'sub password 1');
    const create = async (title: string) => {
      const res = await h.api('POST', '/object', withToken(sub), {
        metadata: completeMetadata({ title: { en: title } }),
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as string;
    };
    const step = async (token: string, id: string, state: string, comment?: string) => {
      const res = await h.api('PUT', `/object/${id}/state`, withToken(token), {
        state,
        ...(comment ? { comment } : {}),
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    const ed = h.tokens.ed as string;
    const publish = async (id: string) => {
      await step(sub, id, 'submitted');
      await step(ed, id, 'published');
    };
    local.draft = await create('Never reviewed draft');
    local.withdrawn = await create('Withdrawn by an editor');
    await publish(local.withdrawn);
    await step(ed, local.withdrawn, 'withdrawn');
    // Closed before its publication: it was never public, so no public path may ever name it.
    local.private = await create('Private record');
    const closed = await h.api('POST', `/object/${local.private}/accessControl`, withToken(sub), {
      public: false,
      grants: [],
    });
    expect(closed.statusCode, closed.body).toBe(200);
    await publish(local.private);
    local.public = await create('Public record');
    await publish(local.public);
  }, 240_000);
  afterAll(async () => {
    await h?.t.close();
    await new Promise((resolve) => hostile?.close(resolve));
  });

  /** What a takeover would change: state, version, content, owner, history length, flag. */
  const snapshot = async () =>
    h.t.app.db
      .selectFrom('object')
      .innerJoin('account', 'account.id', 'object.owner_id')
      .select((eb) => [
        'object.id',
        'object.state',
        'object.version',
        'object.public',
        'object.metadata',
        'account.name as owner',
        eb
          .selectFrom('object_history')
          .select((e) => e.fn.countAll<string>().as('n'))
          .whereRef('object_history.object_id', '=', 'object.id')
          .as('history'),
        eb
          .selectFrom('harvest_record')
          .select('harvest_record.harvester_id')
          .whereRef('harvest_record.object_id', '=', 'object.id')
          .as('origin'),
      ])
      .where('object.id', 'in', Object.values(local))
      .orderBy('object.id')
      .execute();

  const auditOf = async (id: string) =>
    AuditList.parse((await h.api('GET', `/audit?target=${id}&rows=100`, h.boss())).json()).docs.map(
      (e) => e.action,
    );

  it('offers no policy that overwrites another record', async () => {
    const res = await h.api('POST', '/harvesters', h.boss(), {
      name: 'Hostile overwrite',
      source: { type: 'csw', url: `http://127.0.0.1:${port}/csw` },
      collision: 'overwrite if newer',
      publish: true,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().code).toBe('harvester.invalid');
  });

  it('with "skip" the remote changes nothing and every claim counts as skipped', async () => {
    const before = await snapshot();
    const audits = await Promise.all(Object.values(local).map(auditOf));
    const harvester = await h.create({
      name: 'Hostile skip',
      source: { type: 'csw', url: `http://127.0.0.1:${port}/csw` },
      collision: 'skip',
      publish: true,
    });
    const { process, run } = await h.run(harvester.id);
    expect(process.state, process.error ?? '').toBe('succeeded');
    expect(run.counts).toMatchObject({ seen: 4, added: 0, updated: 0, skipped: 4, deleted: 0 });
    expect(await snapshot()).toEqual(before);
    expect(await Promise.all(Object.values(local).map(auditOf))).toEqual(audits);
    // The private record stays out of every public read path (OAI-PMH as one of them).
    const oai = await h.t.app.inject({ url: '/oai?verb=ListIdentifiers&metadataPrefix=oai_dc' });
    expect(oai.body).not.toContain(local.private);
    expect(oai.body).not.toContain(local.draft);
  });

  it('with "keep both" the remote gets copies of its own; removing the harvester removes only them', async () => {
    const before = await snapshot();
    const harvester = await h.create({
      name: 'Hostile keep both',
      source: { type: 'csw', url: `http://127.0.0.1:${port}/csw` },
      collision: 'keep both',
      publish: true,
    });
    const first = await h.run(harvester.id);
    expect(first.run.counts).toMatchObject({ seen: 4, added: 4, updated: 0 });
    // A second run, with a still later "change", only touches the copies.
    const second = await h.run(harvester.id);
    expect(second.run.counts).toMatchObject({ seen: 4, added: 0 });
    expect(await snapshot()).toEqual(before);
    const copies = await h.t.app.db
      .selectFrom('harvest_record')
      .select('object_id')
      .where('harvester_id', '=', harvester.id)
      .execute();
    expect(copies).toHaveLength(4);
    expect(copies.map((c) => c.object_id)).not.toContain(local.draft);

    // Every harvest change is audited with the harvester and the run as its source.
    const created = AuditList.parse(
      (await h.api('GET', `/audit?target=${copies[0]?.object_id}&rows=100`, h.boss())).json(),
    ).docs;
    expect(created.map((e) => e.action)).toContain('object.create');
    expect(created[0]?.details).toMatchObject({
      harvester: { id: harvester.id, name: 'Hostile keep both' },
      run: first.process.id,
    });

    const removal = await h.api('DELETE', `/harvesters/${harvester.id}`, h.boss());
    expect(removal.statusCode, removal.body).toBe(202);
    const done = await h.waitProcess(removal.json().process.id);
    expect(done.state, done.error ?? '').toBe('succeeded');
    expect(done.result).toMatchObject({ removed: 4 });
    expect(await snapshot()).toEqual(before);
    const left = await h.t.app.db
      .selectFrom('object')
      .select('id')
      .where(
        'id',
        'in',
        copies.map((c) => c.object_id),
      )
      .execute();
    expect(left).toEqual([]);
    // The removal of each copy is audited too (the public ones left OAI-PMH tombstones).
    expect(await auditOf(copies[0]?.object_id as string)).toContain('object.delete');
  });
});
