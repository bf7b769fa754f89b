// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { empty } from '../../../lib/testing/fake-fetch';
import { submitter } from '../../../lib/testing/fixtures';
import { renderApp } from '../../../lib/testing/render-app';
import { classifications } from '../testing/record-fixtures';
import { draft } from '../testing/render-records';
import { RecordPage } from './record-page';

// OpenLayers does not run in jsdom; the map helper's own tests cover the map.
vi.mock('../../../components/map/extent-map-lazy', () => ({
  ExtentMap: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
}));

afterEach(cleanup);

function show(record = draft) {
  return renderApp(
    <RecordPage
      record={record}
      classifications={classifications as Parameters<typeof RecordPage>[0]['classifications']}
      visitorCanRead={false}
      jsonLd={null}
      onChanged={() => undefined}
    />,
    {
      principal: submitter,
      path: `/metadata/${record.id}`,
      pages: [{ path: '/metadata/mine', element: <p>Meine Datensätze (Ziel)</p> }],
      api: { [`DELETE /object/${record.id}`]: () => empty() },
    },
  );
}

describe('RecordPage: deleting', () => {
  it('deletes the record after confirming and goes to "my records"', async () => {
    const { sent, router } = show();
    await userEvent.click(
      screen.getByRole('button', { name: '„Bodenrichtwerte Sachsen“ löschen' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Datensatz löschen' });
    expect(
      within(dialog).getByText(/„Bodenrichtwerte Sachsen“ wird mit allen Dateien/),
    ).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    expect(sent('DELETE')).toHaveLength(0);

    await userEvent.click(
      screen.getByRole('button', { name: '„Bodenrichtwerte Sachsen“ löschen' }),
    );
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Datensatz löschen' }),
    );
    expect(await screen.findByText('Meine Datensätze (Ziel)')).toBeTruthy();
    expect(router?.state.location.pathname).toBe('/metadata/mine');
    expect(sent('DELETE').map((request) => request.url)).toEqual([`/api/v1/object/${draft.id}`]);
  });

  it('offers no "Delete" when the permissions do not allow it', () => {
    show({ ...draft, permissions: { ...draft.permissions, delete: false } });
    expect(screen.queryByRole('button', { name: /löschen$/ })).toBeNull();
  });
});
