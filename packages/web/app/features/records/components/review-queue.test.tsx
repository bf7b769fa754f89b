// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { json } from '../../../lib/testing/fake-fetch';
import { editor } from '../../../lib/testing/fixtures';
import { renderRecords } from '../testing/render-records';
import { ReviewQueue } from './review-queue';

afterEach(cleanup);

const queued = (n: number, at: string, by: string) => ({
  id: `record-${String(n).padStart(10, '0')}`,
  type: 'dataset',
  state: 'submitted' as const,
  title: { de: `Eingereicht ${n}` },
  modified: '2026-11-25T09:30:00.000Z',
  owner: by,
  submitted: { at, by },
});

describe('ReviewQueue', () => {
  it('asks for the submitted records longest waiting first and names who submitted them when', async () => {
    const { requests } = renderRecords(<ReviewQueue />, {
      principal: editor,
      routes: {
        'GET /object?state=submitted&sort=submitted+asc&start=0&rows=20': () =>
          json({
            numFound: 2,
            start: 0,
            rows: 20,
            docs: [
              queued(1, '2026-11-20T08:00:00.000Z', 'submitter'),
              queued(2, '2026-11-24T15:45:00.000Z', 'anna'),
            ],
          }),
      },
    });
    const links = await screen.findAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Eingereicht 1', 'Eingereicht 2']);
    expect(links[0]?.getAttribute('href')).toBe('/metadata/record-0000000001');
    const entries = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(entries[0]).toContain('Eingereicht am 20.11.2026, 09:00 von submitter');
    expect(entries[1]).toContain('Eingereicht am 24.11.2026, 16:45 von anna');
    // Each entry shows its state, as the review queue lists other people's records.
    expect(entries.every((text) => text?.includes('Status: Eingereicht'))).toBe(true);
    expect(requests.map((request) => request.url)).toContain(
      '/api/v1/object?state=submitted&sort=submitted+asc&start=0&rows=20',
    );
  });

  it('says so when nothing waits for review', async () => {
    renderRecords(<ReviewQueue />, {
      principal: editor,
      routes: {
        'GET /object?state=submitted&sort=submitted+asc&start=0&rows=20': () =>
          json({ numFound: 0, start: 0, rows: 20, docs: [] }),
      },
    });
    expect(await screen.findByText('Zurzeit wartet kein Datensatz auf Prüfung.')).toBeTruthy();
  });
});
