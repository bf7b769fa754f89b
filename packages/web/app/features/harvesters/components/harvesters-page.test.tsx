// @vitest-environment jsdom
import type { Principal } from '@geoportal/contract/access';
import type { Harvester } from '@geoportal/contract/harvester';
import type { Process } from '@geoportal/contract/processes';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../lib/testing/fake-fetch';
import { renderApp } from '../../../lib/testing/render-app';
import { HarvestersPage } from './harvesters-page';

vi.mock('../../../lib/toast', () => ({ showToast: vi.fn() }));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const admin: Principal = { name: 'admin', readonly: false, roles: ['administrator'] };
const id = '6f1c0c52-9a3e-4a39-9d53-2d3c8e0a9f10';
const counts = { seen: 5, added: 3, updated: 1, unchanged: 0, skipped: 0, failed: 1, deleted: 0 };

const harvester: Harvester = {
  id,
  name: 'Landesportal',
  source: { type: 'csw', url: 'https://geo.example.org/csw', constraint: null },
  schedule: '0 3 * * *',
  owner: null,
  group: null,
  collision: 'skip',
  publish: true,
  created: '2026-11-26T08:00:00.000Z',
  modified: '2026-11-26T08:00:00.000Z',
  records: 4,
  lastRun: {
    process: 'process-1',
    state: 'succeeded',
    started: '2026-11-26T08:00:00.000Z',
    finished: '2026-11-26T08:01:00.000Z',
    counts,
    message: null,
  },
};

const running: Process = {
  id: 'process-2',
  kind: 'harvest.run',
  params: { harvester: id },
  state: 'running',
  progress: 40,
  message: '',
  done: 2,
  total: 5,
  result: null,
  error: null,
  tries: 1,
  maxTries: 1,
  cancelRequested: false,
  startedBy: 'admin',
  scheduleId: null,
  queuedAt: '2026-11-26T09:00:00.000Z',
  startedAt: '2026-11-26T09:00:01.000Z',
  finishedAt: null,
  heartbeatAt: null,
  worker: null,
  logLines: 1,
};

/** The processes' live stream (read with the global `fetch`) telling of one process. */
function streamOf(process: Process) {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(
        new TextEncoder().encode(`event: process\ndata: ${JSON.stringify(process)}\n\n`),
      );
    },
  });
  return vi.fn(
    async () => new Response(body, { headers: { 'content-type': 'text/event-stream' } }),
  );
}

describe('HarvestersPage', { timeout: 20_000 }, () => {
  it('lists each harvester with its source, schedule, last run, counters and records', async () => {
    renderApp(<HarvestersPage />, {
      principal: admin,
      path: '/management/harvesters',
      api: { 'GET /harvesters': () => json({ harvesters: [harvester] }) },
    });
    const row = (await screen.findByRole('link', { name: 'Landesportal' })).closest('tr');
    const cells = within(row as HTMLElement);
    expect(cells.getByText('CSW 2.0.2 (ISO 19139)')).toBeTruthy();
    expect(cells.getByText('https://geo.example.org/csw')).toBeTruthy();
    expect(cells.getByText('0 3 * * *')).toBeTruthy();
    expect(cells.getByText('Erfolgreich')).toBeTruthy();
    const list = cells.getByRole('list', { name: 'Datensätze des Laufs' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      '3 neu',
      '1 aktualisiert',
      '0 unverändert',
      '0 übersprungen',
      '1 fehlerhaft',
      '0 gelöscht',
    ]);
    expect(cells.getByRole('link', { name: 'Landesportal' }).getAttribute('href')).toBe(
      `/management/harvesters/${id}`,
    );
    expect(row?.textContent).toContain('4');
  });

  it('runs a harvester now and shows the run’s live progress and new counters', async () => {
    vi.stubGlobal('fetch', streamOf(running));
    let current = harvester;
    const { sent } = renderApp(<HarvestersPage />, {
      principal: admin,
      path: '/management/harvesters',
      api: {
        'GET /harvesters': () => json({ harvesters: [current] }),
        [`POST /harvesters/${id}/run`]: () => {
          current = {
            ...harvester,
            lastRun: {
              process: 'process-2',
              state: 'running',
              started: running.startedAt,
              finished: null,
              counts: { ...counts, added: 2, updated: 0, failed: 0 },
              message: null,
            },
          };
          return json(running, 202);
        },
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Landesportal jetzt ernten' }));
    expect(sent('POST').map((request) => request.url)).toEqual([`/api/v1/harvesters/${id}/run`]);
    expect(
      await screen.findByRole('progressbar', { name: 'Fortschritt des Laufs: 40 %' }),
    ).toBeTruthy();
    await waitFor(() => expect(screen.getByText('Läuft')).toBeTruthy());
    expect(screen.getByText('2 neu')).toBeTruthy();
    // A run under way cannot be started twice.
    expect(
      screen.getByRole('button', { name: 'Landesportal jetzt ernten' }).hasAttribute('disabled'),
    ).toBe(true);
  });

  it('invites to create the first harvester', async () => {
    renderApp(<HarvestersPage />, {
      principal: admin,
      path: '/management/harvesters',
      api: { 'GET /harvesters': () => json({ harvesters: [] }) },
    });
    expect(await screen.findByText(/Noch keine Harvester/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Neuer Harvester' }).getAttribute('href')).toBe(
      '/management/harvesters/new',
    );
  });
});
