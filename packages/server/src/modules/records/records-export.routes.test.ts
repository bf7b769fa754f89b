import { existsSync } from 'node:fs';
import { readdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CommandProcess } from '@geoportal/contract/commands';
import { ErrorBody } from '@geoportal/contract/errors';
import { ObjectNormal } from '@geoportal/contract/object';
import { Process, ProcessLog } from '@geoportal/contract/processes';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, createAccount, signIn, withToken } from '../../test/access-helpers.js';
import { until } from '../../test/process-helpers.js';
import { completeMetadata } from '../../test/record-fixtures.js';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app.js';
import { seededVocabularies } from '../../test/test-vocabularies.js';
import { decodeXml } from '../../xml/xml-document.js';
import { authOfAccount } from '../access/access.service.js';
import { readIso19139 } from './iso19139-reader.js';
import { writeRecordsZip, ZIP_LIMITS } from './record-export-zip.js';

/** Fast polling, so queued commands start within milliseconds. */
const fastWorker = { PROCESS_POLL_INTERVAL: '20ms', PROCESS_RETRY_DELAY: '10ms' };
/** A made-up word only the records meant to match carry in their titles. */
const WORD = 'Gletscherwacht';

/** `export records to zip [query {q}]` and the download of its ZIP (issue 23). */
describe.each(testDatabases)('the records export command on $name', (database) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const ids: Record<'published' | 'draftOfSub' | 'other', string> = {
    published: '',
    draftOfSub: '',
    other: '',
  };
  const api = (...args: Parameters<ReturnType<typeof apiCaller>>) => apiCaller(t.app)(...args);
  const as = (name: string) => withToken(tokens[name] as string);

  const createRecord = async (owner: string, title: string) => {
    const res = await api('POST', '/object', as(owner), {
      type: 'dataset',
      metadata: completeMetadata({ title: { de: title, en: title } }),
    });
    expect(res.statusCode, res.body).toBe(201);
    return ObjectNormal.parse(res.json()).id;
  };
  const runToEnd = async (line: string) => {
    const started = await api('POST', '/commands/run', as('chief'), { line });
    expect(started.statusCode, started.body).toBe(202);
    const { id } = CommandProcess.parse(started.json()).process;
    let last: Process | undefined;
    await until(
      async () => {
        last = Process.parse((await api('GET', `/processes/${id}`, as('chief'))).json());
        return last.state === 'succeeded' || last.state === 'failed';
      },
      `process ${id} to end`,
      30_000,
    );
    const log = ProcessLog.parse(
      (await api('GET', `/processes/${id}/log?rows=2000`, as('chief'))).json(),
    );
    return { process: last as Process, lines: log.items.map((l) => `${l.level}: ${l.text}`) };
  };
  /** Runs an export and downloads its ZIP through the URL its output names. */
  const exportZip = async (line: string) => {
    const { process, lines } = await runToEnd(line);
    expect(process.state, lines.join('\n')).toBe('succeeded');
    const url = lines
      .map((l) => /records exported.*: (\/api\/v1\/commands\/exports\/\S+)$/.exec(l)?.[1])
      .find(Boolean) as string;
    expect(url).toMatch(/\/commands\/exports\/records-\d{8}T\d{6}Z-[\w-]+\.zip$/);
    const download = await t.app.inject({ method: 'GET', url, headers: as('chief') });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="records-/);
    return { lines, url, entries: unzipSync(new Uint8Array(download.rawPayload)) };
  };
  const isoOf = async (id: string) =>
    (await api('GET', `/object/${id}?format=iso19139`, as('chief'))).body;
  /** The export's own function, run directly with an account's identity and its viewer. */
  const zipFor = async (name: string, q: string, limits = ZIP_LIMITS) => {
    const auth = await authOfAccount(t.app.db, name);
    const chunks: Uint8Array[] = [];
    const result = await writeRecordsZip(
      { db: t.app.db, timeoutMs: t.config.searchTimeoutMs },
      { db: t.app.db, now: new Date(), auth, accessKey: undefined },
      q,
      async (bytes) => {
        chunks.push(bytes.slice());
      },
      { checkpoint: () => {}, progress: () => {}, record: () => {} },
      limits,
    );
    return { chunks, result };
  };
  const exportsFolder = () => path.join(t.config.dataDir, 'command-exports');

  beforeAll(async () => {
    t = await createTestApp(database, fastWorker);
    for (const [name, role] of [
      ['chief', 'administrator'],
      ['sub', 'submitter'],
      ['sub2', 'submitter'],
    ] as const) {
      await createAccount(t.app, name, `${name} password 1`, { role });
      tokens[name] = await signIn(t.app, name, `${name} password 1`);
    }
    ids.published = await createRecord('chief', `${WORD} published survey`);
    for (const step of ['submitted', 'published']) {
      const res = await api('POST', '/commands/run', as('chief'), {
        line: `set state of ${ids.published} to ${step}`,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    ids.draftOfSub = await createRecord('sub', `${WORD} draft of a submitter`);
    ids.other = await createRecord('chief', 'Desert survey');
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  it("writes one ZIP whose entries are exactly the matching records' ISO 19139 documents", async () => {
    const { entries, lines } = await exportZip(`export records to zip query ${WORD}`);
    expect(Object.keys(entries).sort()).toEqual(
      [`${ids.published}.xml`, `${ids.draftOfSub}.xml`].sort(),
    );
    for (const id of [ids.published, ids.draftOfSub]) {
      const xml = decodeXml(entries[`${id}.xml`] as Uint8Array);
      // The same document as the record's own ISO export, and readable by the ISO reader.
      expect(xml).toBe(await isoOf(id));
      expect(readIso19139(xml, seededVocabularies).metadata.title.en).toContain(WORD);
    }
    expect(lines.some((l) => /^info: 2 records exported: /.test(l))).toBe(true);
    // Only the finished ZIP is in the folder: no temporary file is left behind.
    expect((await readdir(exportsFolder())).every((n) => /^records-.*\.zip$/.test(n))).toBe(true);
  });

  it('exports every record the administrator may read when no query is given', async () => {
    const { entries } = await exportZip('export records to zip');
    expect(Object.keys(entries).sort()).toEqual(
      [ids.published, ids.draftOfSub, ids.other].map((id) => `${id}.xml`).sort(),
    );
  });

  it("searches with the caller's viewer: others' drafts only when the caller may read them", async () => {
    const exportedFor = async (name: string) => {
      const { chunks, result } = await zipFor(name, WORD);
      expect(result.leftOut).toBe(0);
      return Object.keys(unzipSync(Buffer.concat(chunks))).sort();
    };
    // The owner reads their draft; another submitter only the published record.
    expect(await exportedFor('sub')).toEqual(
      [`${ids.published}.xml`, `${ids.draftOfSub}.xml`].sort(),
    );
    expect(await exportedFor('sub2')).toEqual([`${ids.published}.xml`]);
  });

  it('fails rather than write more entries than a ZIP without ZIP64 holds', async () => {
    await expect(zipFor('chief', WORD, { ...ZIP_LIMITS, entries: 1 })).rejects.toThrow(
      /exceed 1 records, the most one ZIP can hold/,
    );
  });

  it('fails on a query the search cannot read, keeping no half-written file', async () => {
    const before = await readdir(exportsFolder());
    const { process, lines } = await runToEnd('export records to zip query "(unclosed"');
    expect(process.state).toBe('failed');
    expect(lines.some((l) => /^error: Failed: .*\(search\.query_invalid\)$/.test(l))).toBe(true);
    expect(await readdir(exportsFolder())).toEqual(before);
  });

  it('lets only administrators download, and refuses names that are no export', async () => {
    const { url } = await exportZip(`export records to zip query ${WORD}`);
    const path_ = url.replace(/^\/api\/v1/, '');
    expect((await api('GET', path_)).statusCode).toBe(401);
    const submitter = await api('GET', path_, as('sub'));
    expect(submitter.statusCode).toBe(403);
    expect(ErrorBody.parse(submitter.json()).code).toBe('auth.forbidden');
    // A secret beside the folder, a temporary file in it: neither is reachable.
    await writeFile(path.join(t.config.dataDir, 'secret.zip'), 'secret');
    await writeFile(path.join(exportsFolder(), '.records-x.zip.tmp'), 'half');
    for (const name of [
      '..%2Fsecret.zip',
      '..%2F..%2Fetc%2Fpasswd',
      '.records-x.zip.tmp',
      'nothing-here.zip',
      'records-%00.zip',
    ]) {
      const res = await api('GET', `/commands/exports/${name}`, as('chief'));
      expect(res.statusCode, name).toBe(404);
      expect(ErrorBody.parse(res.json()).code).toBe('command.export_not_found');
    }
    expect((await api('GET', '/commands/exports/../secret.zip', as('chief'))).statusCode).toBe(404);
  });

  it('is described in the OpenAPI document like the other command routes', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    const route =
      doc.paths['/api/v1/commands/exports/{name}'] ?? doc.paths['/commands/exports/{name}'];
    expect(route?.get?.tags).toEqual(['commands']);
    expect(Object.keys(route?.get?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '401', '403', '404']),
    );
  });

  it('keeps an export for 7 days; purge expired deletes older ones', async () => {
    const { url } = await exportZip('export records to zip');
    const fresh = path.join(exportsFolder(), path.basename(url));
    const old = path.join(exportsFolder(), 'records-20200101T000000Z-old.zip');
    await writeFile(old, 'old');
    const eightDaysAgo = new Date(Date.now() - 8 * 86_400_000);
    await utimes(old, eightDaysAgo, eightDaysAgo);
    const { process, lines } = await runToEnd('purge expired');
    expect(process.state).toBe('succeeded');
    expect(lines).toContain('info: Deleted 1 command exports older than 7 days');
    expect(existsSync(old)).toBe(false);
    expect(existsSync(fresh)).toBe(true);
  });
});
