// @vitest-environment jsdom
import type { ObjectDetailed, ObjectNormal } from '@geoportal/contract/object';
import type { LinkStatus } from '@geoportal/contract/record-links';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { editor } from '../../../lib/testing/fixtures';
import { classifications, fullRecord } from '../testing/record-fixtures';
import { renderRecords } from '../testing/render-records';
import { RecordView } from './record-view';

// OpenLayers does not run in jsdom; the map helper's own tests cover the map.
vi.mock('../../../components/map/extent-map-lazy', () => ({
  ExtentMap: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
}));

afterEach(cleanup);

const statuses: LinkStatus[] = [
  {
    url: 'https://daten.example/ok.zip',
    status: 'ok',
    httpStatus: 200,
    detail: null,
    checkedAt: '2026-11-22T05:00:00.000Z',
  },
  {
    url: 'https://daten.example/weg.zip',
    status: 'broken',
    httpStatus: 404,
    detail: null,
    checkedAt: '2026-11-22T05:00:03.000Z',
  },
  {
    url: 'http://10.0.0.7/intern',
    status: 'refused',
    httpStatus: null,
    detail: 'The host 10.0.0.7 resolves to a private address',
    checkedAt: '2026-11-22T05:00:04.000Z',
  },
];

const checked: ObjectDetailed = { ...fullRecord, linkStatus: statuses };

function show(record: ObjectNormal | ObjectDetailed, locale: 'de' | 'en' = 'de') {
  return renderRecords(
    <RecordView record={record} classifications={classifications} visitorCanRead />,
    { locale, principal: editor },
  );
}

describe('RecordView: link check findings', () => {
  it('shows those who may edit the failing links with status and check time', () => {
    show(checked);
    const region = screen.getByRole('region', { name: '2 Links funktionieren nicht' });
    const items = within(region).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const broken = items[0] as HTMLElement;
    expect(
      within(broken).getByRole('link', { name: 'https://daten.example/weg.zip' }),
    ).toBeTruthy();
    expect(broken.textContent).toContain('Antwortete mit HTTP-Status 404');
    expect(broken.querySelector('time')?.getAttribute('dateTime')).toBe('2026-11-22T05:00:03.000Z');
    // 05:00 UTC is 06:00 in Germany.
    expect(broken.textContent).toContain('geprüft 22.11.2026, 06:00');
    expect((items[1] as HTMLElement).textContent).toContain(
      'Nicht geprüft: Die Adresse ist intern',
    );
    // The working link is no finding.
    expect(within(region).queryByText('https://daten.example/ok.zip')).toBeNull();
  });

  it('speaks English too', () => {
    show(checked, 'en');
    const region = screen.getByRole('region', { name: '2 links do not work' });
    expect(region.textContent).toContain('Answered with HTTP status 404');
    expect(region.textContent).toContain('checked Nov 22, 2026, 6:00');
  });

  it('shows nothing when every link works', () => {
    show({ ...fullRecord, linkStatus: [statuses[0] as LinkStatus] });
    expect(screen.queryByRole('region', { name: /funktionier/ })).toBeNull();
  });

  it('shows nothing to a reader who may not edit, even if statuses came along', () => {
    show({ ...checked, permissions: { ...checked.permissions, write: false } });
    expect(screen.queryByRole('region', { name: /funktionier/ })).toBeNull();
    cleanup();
    const { bundles: _b, permissions: _p, history: _h, linkStatus: _l, ...normal } = checked;
    show(normal);
    expect(screen.queryByText(/HTTP-Status/)).toBeNull();
  });
});
