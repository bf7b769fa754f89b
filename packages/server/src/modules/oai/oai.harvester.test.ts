import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, testClock, withToken } from '../../test/access-helpers.js';
import { freePort } from '../../test/process-helpers.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createRecord, searchAccounts, type Tokens } from '../search/search.test-helpers.js';

/**
 * A real client over a real socket: a harvester written in Python with nothing but its
 * standard library (Debian has no packaged OAI-PMH client library; Sickle and pyoai are on
 * PyPI only). It follows resumption tokens through the whole list, then harvests
 * incrementally from the first responseDate and sees a withdrawn record as deleted. The app
 * reads a test clock, which stands still unless the test moves it.
 */

const SCRIPT = fileURLToPath(new URL('./testdata/oai_harvester.py', import.meta.url));
const run = promisify(execFile);

interface Harvested {
  repositoryName: string;
  deletedRecord: string;
  responseDate: string;
  pages: number;
  records: { identifier: string; datestamp: string; deleted: boolean; title: string[] }[];
}

describe('OAI-PMH with a scripted Python harvester', () => {
  let t: TestApp;
  let tokens: Tokens;
  let endpoint = '';
  const ids: string[] = [];
  let draft = '';
  const clock = testClock();

  const harvestWith = async (prefix: string, from?: string): Promise<Harvested> => {
    const { stdout } = await run(
      '/usr/bin/python3',
      [SCRIPT, endpoint, prefix, ...(from ? [from] : [])],
      {
        timeout: 60_000,
      },
    );
    return JSON.parse(stdout);
  };

  beforeAll(async () => {
    const port = await freePort();
    endpoint = `http://127.0.0.1:${port}/oai`;
    t = await createTestApp(
      { name: 'pglite' },
      {
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        OAI_REPOSITORY_IDENTIFIER: 'geoportal.example.org',
        OAI_REPOSITORY_NAME: 'Harvest-Testkatalog',
        OAI_ADMIN_EMAIL: 'katalog@example.org',
        OAI_PAGE_SIZE: '3',
      },
      { clock },
    );
    tokens = await searchAccounts(t.app);
    for (let i = 0; i < 8; i++) {
      ids.push(await createRecord(t.app, tokens, { title: { de: `Harvest ${i}` } }));
    }
    draft = await createRecord(t.app, tokens, { title: { de: 'Harvest-Entwurf' } }, 'draft');
    // Datestamps have whole seconds: the first harvest starts in a second after the records.
    clock.advance(1);
    await t.app.listen({ port, host: '127.0.0.1' });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('follows resumption tokens, then learns of a withdrawal incrementally', async () => {
    const full = await harvestWith('oai_dc');
    expect(full.repositoryName).toBe('Harvest-Testkatalog');
    expect(full.deletedRecord).toBe('persistent');
    expect(full.pages).toBe(3);
    expect(full.records.map((r) => r.identifier).sort()).toEqual(
      ids.map((id) => `oai:geoportal.example.org:${id}`).sort(),
    );
    expect(full.records.every((r) => !r.deleted && /^Harvest \d$/.test(r.title[0] ?? ''))).toBe(
      true,
    );
    expect(JSON.stringify(full)).not.toContain(draft);

    // Responses carry whole seconds: the change must fall in a later second to be "new".
    clock.advance(1);
    const res = await apiCaller(t.app)('PUT', `/object/${ids[2]}/state`, withToken(tokens.editor), {
      state: 'withdrawn',
    });
    expect(res.statusCode).toBe(200);
    // A list holds what changed before its first request: the harvest comes after the change.
    clock.advance(1);
    const next = await harvestWith('oai_dc', full.responseDate);
    expect(next.records).toEqual([
      expect.objectContaining({
        identifier: `oai:geoportal.example.org:${ids[2]}`,
        deleted: true,
        title: [],
      }),
    ]);

    const iso = await harvestWith('iso19139');
    expect(iso.records.filter((r) => !r.deleted)).toHaveLength(7);
    expect(iso.records.find((r) => r.identifier.endsWith(ids[0] as string))?.title).toEqual([
      'Harvest 0',
    ]);
    expect(iso.records.filter((r) => r.deleted).map((r) => r.identifier)).toEqual([
      `oai:geoportal.example.org:${ids[2]}`,
    ]);
  }, 120_000);
});
