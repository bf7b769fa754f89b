import { ErrorBody } from '@geoportal/contract/errors';
import { Harvester, HarvesterList } from '@geoportal/contract/harvester';
import { ScheduleList } from '@geoportal/contract/processes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withToken } from '../../test/access-helpers.js';
import { testDatabases } from '../../test/test-app.js';
import { startHarvesting } from './harvest.test-helpers.js';

/**
 * The harvester definitions: administrators only (401 for visitors, 403 for everyone else
 * on every endpoint), checked input with `harvester.invalid` and the fields, refused
 * addresses, and the cron kept as a process schedule.
 */

const valid = {
  name: 'Landeskatalog',
  source: { type: 'csw', url: 'https://catalogue.example.org/csw' },
  collision: 'skip',
  publish: true,
} as const;

describe.each(testDatabases)('harvester definitions on $name', (database) => {
  let h: Awaited<ReturnType<typeof startHarvesting>>;
  beforeAll(async () => {
    h = await startHarvesting(database, {});
  }, 240_000);
  afterAll(async () => {
    await h?.t.close();
  });

  it('answers 401 to visitors and 403 to non-administrators on every endpoint', async () => {
    const endpoints: [Parameters<typeof h.api>[0], string, object?][] = [
      ['GET', '/harvesters'],
      ['POST', '/harvesters', valid],
      ['POST', '/harvesters', { name: '' }],
      ['POST', '/harvesters/test', { source: valid.source }],
      ['GET', '/harvesters/x'],
      ['PUT', '/harvesters/x', valid],
      ['DELETE', '/harvesters/x'],
      ['POST', '/harvesters/x/run'],
      ['GET', '/harvesters/x/runs'],
    ];
    for (const [method, url, body] of endpoints) {
      const anonymous = await h.api(method, url, {}, body);
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      expect(ErrorBody.parse(anonymous.json()).code).toBe('auth.required');
      const editor = await h.api(method, url, withToken(h.tokens.ed as string), body);
      expect(editor.statusCode, `${method} ${url}`).toBe(403);
      expect(ErrorBody.parse(editor.json()).code).toBe('auth.forbidden');
    }
  });

  it('creates, lists, changes and keeps the cron as a process schedule', async () => {
    const created = await h.create({ ...valid, schedule: '0 3 * * *', group: null });
    expect(created).toMatchObject({
      name: 'Landeskatalog',
      owner: 'boss',
      schedule: '0 3 * * *',
      records: 0,
      lastRun: null,
    });
    const schedules = async () =>
      ScheduleList.parse(
        (await h.api('GET', '/processes/schedules', h.boss())).json(),
      ).items.filter((s) => s.kind === 'harvest.run');
    expect((await schedules()).map((s) => [s.cron, s.params])).toEqual([
      ['0 3 * * *', { harvester: created.id }],
    ]);
    const list = HarvesterList.parse((await h.api('GET', '/harvesters', h.boss())).json());
    expect(list.harvesters.map((x) => x.id)).toContain(created.id);

    const changed = await h.api('PUT', `/harvesters/${created.id}`, h.boss(), {
      ...valid,
      name: '  Bundeskatalog  ',
      source: {
        type: 'oai-pmh',
        url: 'https://catalogue.example.org/oai',
        constraint: 'type=dataset',
      },
      schedule: '30 2 * * 1',
      collision: 'keep both',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(Harvester.parse(changed.json())).toMatchObject({
      name: 'Bundeskatalog',
      source: { type: 'oai-pmh', constraint: 'type=dataset' },
      schedule: '30 2 * * 1',
      collision: 'keep both',
    });
    expect((await schedules()).map((s) => s.cron)).toEqual(['30 2 * * 1']);

    const unscheduled = await h.api('PUT', `/harvesters/${created.id}`, h.boss(), valid);
    expect(Harvester.parse(unscheduled.json()).schedule).toBeNull();
    expect(await schedules()).toEqual([]);
  });

  it('refuses bad input with harvester.invalid and the fields, and stores nothing', async () => {
    const before = HarvesterList.parse((await h.api('GET', '/harvesters', h.boss())).json());
    const cases: [object, string][] = [
      [{ ...valid, name: '   ' }, 'body.name'],
      [{ ...valid, source: { type: 'wfs', url: valid.source.url } }, 'body.source.type'],
      [{ ...valid, source: { type: 'csw', url: 'ftp://example.org/csw' } }, 'body.source.url'],
      [{ ...valid, collision: 'merge' }, 'body.collision'],
      [{ ...valid, schedule: 'every day at noon' }, 'body.schedule'],
      [{ ...valid, owner: 'nobody-here' }, 'body.owner'],
      [{ ...valid, group: 'no-such-group' }, 'body.group'],
      [{ ...valid, extra: 1 }, 'body'],
    ];
    for (const [body, path] of cases) {
      const res = await h.api('POST', '/harvesters', h.boss(), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const error = ErrorBody.parse(res.json());
      expect(error.code, res.body).toBe('harvester.invalid');
      expect(error.fields?.map((f) => f.path).join(' '), res.body).toContain(path);
    }
    const refused = await h.api('POST', '/harvesters', h.boss(), {
      ...valid,
      source: { type: 'csw', url: 'http://169.254.169.254/csw' },
    });
    expect(refused.statusCode).toBe(400);
    expect(ErrorBody.parse(refused.json()).code).toBe('harvester.refused_url');
    const after = HarvesterList.parse((await h.api('GET', '/harvesters', h.boss())).json());
    expect(after.harvesters).toHaveLength(before.harvesters.length);
  });

  it('answers 404 harvester.not_found for unknown harvesters', async () => {
    for (const [method, url, body] of [
      ['GET', '/harvesters/nope', undefined],
      ['PUT', '/harvesters/nope', valid],
      ['DELETE', '/harvesters/nope', undefined],
      ['POST', '/harvesters/nope/run', undefined],
      ['GET', '/harvesters/nope/runs', undefined],
    ] as const) {
      const res = await h.api(method, url, h.boss(), body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(ErrorBody.parse(res.json()).code).toBe('harvester.not_found');
    }
  });
});
