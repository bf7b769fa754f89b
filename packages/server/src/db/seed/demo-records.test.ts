import { Classification, walkNodes } from '@geoportal/contract/classification';
import { ObjectDetailed, ObjectList } from '@geoportal/contract/object';
import {
  Metadata,
  type Metadata as MetadataType,
  missingRequired,
} from '@geoportal/contract/record';
import { regions } from '@geoportal/contract/regions';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiCaller, signIn, withToken } from '../../test/access-helpers.js';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app.js';
import { type DemoRecord, demoRecords } from './demo-records.js';

const germany = regions.find((r) => r.code === 'DE')?.bbox;

/** Hosts of real services and sites the records may link to; everything else is `.example`. */
const realHosts = new Set([
  'services.bgr.de',
  'maps.dwd.de',
  'opendata.dwd.de',
  'www.lfu.bayern.de',
  'www.bgr.bund.de',
  'www.dwd.de',
  'www.bfn.de',
  'www.umweltbundesamt.de',
  'www.bkg.bund.de',
  'www.lgrb-bw.de',
  'www.hlnug.de',
  'www.lbeg.niedersachsen.de',
  'www.lubw.baden-wuerttemberg.de',
]);

/** Blocks the Bundesnetzagentur keeps free for fiction. */
const fictionalPhone = /^\+49 (30 23125|69 90009|40 66969|221 4710|89 99998) \d{3}$/;

const tally = <T>(items: readonly T[]) => {
  const counts = new Map<T, number>();
  for (const item of items) counts.set(item, (counts.get(item) ?? 0) + 1);
  return counts;
};

describe('demo records (data)', () => {
  it('are the same list on every load', async () => {
    // A fresh module instance builds the list again from scratch.
    vi.resetModules();
    const again = await import('./demo-records.js');
    expect(again.demoRecords).not.toBe(demoRecords);
    expect(again.demoRecords).toStrictEqual(demoRecords);
  });

  it('are about 100, with distinct titles', () => {
    expect(demoRecords.length).toBeGreaterThanOrEqual(95);
    expect(demoRecords.length).toBeLessThanOrEqual(110);
    const titles = demoRecords.map((r) => r.metadata.title.de);
    expect(new Set(titles).size).toBe(titles.length);
  });

  it('are valid records in canonical form', () => {
    for (const record of demoRecords) {
      expect(Metadata.parse(record.metadata), record.metadata.title.de).toStrictEqual(
        record.metadata,
      );
    }
  });

  it('are complete wherever they left the draft state', () => {
    for (const record of demoRecords.filter((r) => r.state !== 'draft')) {
      expect(missingRequired(record.metadata, record.type), record.metadata.title.de).toEqual([]);
    }
    // Some drafts are unfinished, as drafts are.
    expect(
      demoRecords.some((r) => r.state === 'draft' && missingRequired(r.metadata).length > 0),
    ).toBe(true);
  });

  it('spread over the workflow states, owners and resource types', () => {
    const states = tally(demoRecords.map((r) => r.state));
    expect(states.get('published')).toBeGreaterThanOrEqual(demoRecords.length * 0.75);
    expect(states.get('submitted')).toBeGreaterThanOrEqual(3);
    expect(states.get('draft')).toBeGreaterThanOrEqual(2);
    expect([1, 2]).toContain(states.get('withdrawn'));
    const types = tally(demoRecords.map((r) => r.type));
    expect(types.get('service')).toBeGreaterThanOrEqual(2);
    expect(types.get('series')).toBeGreaterThanOrEqual(2);
    for (const record of demoRecords.filter(
      (r) => r.state === 'draft' || r.state === 'submitted',
    )) {
      expect(record.owner).toBe('submitter');
    }
    expect(new Set(demoRecords.map((r) => r.owner))).toEqual(new Set(['editor', 'submitter']));
  });

  it('cover every topic, mostly under Datenlizenz Deutschland, some in German only', () => {
    const themes = new Set(
      demoRecords.flatMap((r) => (r.metadata.classifiedKeywords ?? []).map((k) => k.code)),
    );
    for (const code of ['ge', 'hy', 'er', 'so', 'lu', 'lc', 'ps', 'ac', 'mf']) {
      expect(themes).toContain(code);
    }
    const licences = tally(demoRecords.map((r) => r.metadata.licence));
    const dl = (licences.get('dl-de-by-2.0') ?? 0) + (licences.get('dl-de-zero-2.0') ?? 0);
    expect(dl).toBeGreaterThan(demoRecords.length * 0.7);
    expect(licences.get('cc-by-4.0')).toBeGreaterThan(0);
    expect(demoRecords.filter((r) => !r.metadata.title.en).length).toBeGreaterThanOrEqual(10);
    expect(demoRecords.filter((r) => r.metadata.temporalExtent).length).toBeGreaterThanOrEqual(20);
  });

  it('lie in Germany and carry dates between 2005 and 2026', () => {
    if (!germany) throw new Error('regions has no DE');
    for (const { metadata } of demoRecords) {
      const box = metadata.extent;
      if (!box) throw new Error(`${metadata.title.de} has no extent`);
      expect(box.west).toBeGreaterThanOrEqual(germany.west);
      expect(box.east).toBeLessThanOrEqual(germany.east);
      expect(box.south).toBeGreaterThanOrEqual(germany.south);
      expect(box.north).toBeLessThanOrEqual(germany.north);
      expect(box.west).toBeLessThan(box.east);
      for (const value of Object.values(metadata.dates ?? {})) {
        expect(value >= '2005-01-01' && value <= '2026-12-31', value).toBe(true);
      }
    }
  });

  it('use fictional contact details and link only to .example hosts or known real services', () => {
    for (const { metadata } of demoRecords) {
      for (const contact of metadata.contacts ?? []) {
        if (contact.email) expect(contact.email).toMatch(/@[a-z0-9.-]+\.example$/);
        if (contact.phone) expect(contact.phone).toMatch(fictionalPhone);
      }
      for (const resource of metadata.onlineResources ?? []) {
        const host = new URL(resource.url).hostname;
        expect(host.endsWith('.example') || realHosts.has(host), host).toBe(true);
      }
    }
    const linked = demoRecords.filter((r) => (r.metadata.onlineResources ?? []).length > 0);
    expect(linked.length).toBeGreaterThanOrEqual(demoRecords.length / 4);
    expect(linked.some((r) => r.metadata.onlineResources?.some((o) => o.protocol === 'wms'))).toBe(
      true,
    );
  });
});

describe.each(testDatabases)('demo records seeded on $name', (database) => {
  let t: TestApp;
  let call: ReturnType<typeof apiCaller>;
  let editor: Record<string, string>;
  const byTitle = new Map<string, DemoRecord>(
    demoRecords.map((r) => [r.metadata.title.de ?? '', r]),
  );
  const stored: ObjectDetailed[] = [];

  beforeAll(async () => {
    t = await createTestApp(database, { DEMO_DATA: 'true' });
    call = apiCaller(t.app);
    editor = withToken(await signIn(t.app, 'editor', 'editor-demo'));
    for (let start = 0; ; start += 100) {
      const res = await call('GET', `/object?start=${start}&rows=100`, editor);
      const page = ObjectList.parse(res.json());
      for (const doc of page.docs) {
        const one = await call('GET', `/object/${doc.id}`, {
          ...editor,
          accept: 'application/json; detail=detailed',
        });
        stored.push(ObjectDetailed.parse(one.json()));
      }
      if (start + 100 >= page.numFound) break;
    }
  });
  afterAll(async () => {
    await t.close();
  });

  it('inserted every demo record once, with its type, state, owner and metadata', () => {
    expect(stored).toHaveLength(demoRecords.length);
    for (const object of stored) {
      const record = byTitle.get(object.metadata.title.de ?? '');
      if (!record) throw new Error(`unexpected record ${object.metadata.title.de}`);
      expect(object).toMatchObject({ type: record.type, state: record.state, owner: record.owner });
      expect(Metadata.parse(object.metadata)).toStrictEqual(record.metadata);
    }
  });

  it('uses only codes of the seeded classifications, as the API lists them', async () => {
    const codes = async (id: string) => {
      const res = await call('GET', `/classification/${id}`);
      return new Set([...walkNodes(Classification.parse(res.json()).nodes)].map((n) => n.node.id));
    };
    const known = {
      resourceType: await codes('resourceType'),
      topicCategory: await codes('topicCategory'),
      inspireTheme: await codes('inspireTheme'),
      license: await codes('license'),
      contactRole: await codes('contactRole'),
      protocol: await codes('protocol'),
    };
    const unknown: string[] = [];
    const check = (list: keyof typeof known, code: string | undefined) => {
      if (code !== undefined && !known[list].has(code)) unknown.push(`${list}:${code}`);
    };
    for (const { type, metadata } of stored) {
      const m: MetadataType = metadata;
      check('resourceType', type);
      for (const code of m.topicCategories ?? []) check('topicCategory', code);
      for (const k of m.classifiedKeywords ?? []) {
        expect(k.classification).toBe('inspireTheme');
        check('inspireTheme', k.code);
      }
      check('license', m.licence);
      for (const c of m.contacts ?? []) check('contactRole', c.role);
      for (const o of m.onlineResources ?? []) check('protocol', o.protocol);
    }
    expect(unknown).toEqual([]);
  });

  it('shows published records to visitors and hides the others', async () => {
    for (const object of stored) {
      const res = await call('GET', `/object/${object.id}`);
      expect(res.statusCode, `${object.state} ${object.metadata.title.de}`).toBe(
        object.state === 'published' ? 200 : 404,
      );
    }
  });

  it('records a history that leads to each state, never in the future', () => {
    const now = Date.now();
    for (const object of stored) {
      expect(object.history[0]).toMatchObject({ from: null, to: 'draft', by: object.owner });
      expect(object.history.at(-1)?.to).toBe(object.state);
      expect(object.version).toBe(object.history.length);
      expect(Date.parse(object.modified)).toBeLessThanOrEqual(now);
      expect(object.modified).toBe(object.history.at(-1)?.at);
    }
    expect(stored.find((o) => o.state === 'withdrawn')?.history.at(-1)?.comment).toBeTruthy();
  });

  it('lets the submitter find its drafts and submissions', async () => {
    const submitter = withToken(await signIn(t.app, 'submitter', 'submitter-demo'));
    const res = await call('GET', '/object?owner=me&state=draft&rows=100', submitter);
    const drafts = demoRecords.filter((r) => r.state === 'draft').length;
    expect(ObjectList.parse(res.json()).numFound).toBe(drafts);
  });
});
