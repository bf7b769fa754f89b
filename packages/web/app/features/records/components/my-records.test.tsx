// @vitest-environment jsdom
import type { ObjectList } from '@geoportal/contract/object';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { empty, errorResponse, json, type RecordedRequest } from '../../../lib/testing/fake-fetch';
import { editor } from '../../../lib/testing/fixtures';
import { renderRecords } from '../testing/render-records';
import { MyRecords } from './my-records';

afterEach(cleanup);

const doc = (n: number, state: ObjectList['docs'][number]['state'] = 'draft') => ({
  id: `record-${String(n).padStart(10, '0')}`,
  type: 'dataset',
  state,
  title: { de: `Datensatz ${n}` },
  modified: '2026-11-21T09:30:00.000Z',
  owner: n % 2 ? 'submitter' : 'someone',
});

/** A fake `GET /object` over `docs`, paged by the request's start and rows. */
function listing(all: ReturnType<typeof doc>[]) {
  return (request: RecordedRequest) => {
    const query = new URL(request.url, 'http://x').searchParams;
    const state = query.get('state');
    const ownerName = query.get('ownerName');
    const matching = all.filter(
      (d) => (!state || d.state === state) && (!ownerName || d.owner === ownerName),
    );
    const start = Number(query.get('start'));
    const rows = Number(query.get('rows'));
    return json({
      numFound: matching.length,
      start,
      rows,
      docs: matching.slice(start, start + rows),
    });
  };
}

/** The requests of the lists themselves, not of the tabs' counts. */
const listRequests = (requests: RecordedRequest[]) =>
  requests.filter((request) => !request.url.endsWith('&rows=1'));

/** The route key of a list request, whatever its query. */
function routesFor(all: ReturnType<typeof doc>[]) {
  const answer = listing(all);
  const routes: Record<string, typeof answer> = {};
  for (const owner of ['owner=me&', '', 'ownerName=someone&']) {
    for (const state of ['draft&', 'submitted&', 'published&', 'withdrawn&', '']) {
      const filter = `${owner}${state ? `state=${state}` : ''}`;
      for (let start = 0; start < 100; start += 20) {
        routes[`GET /object?${filter}start=${start}&rows=20`] = answer;
      }
      // The tabs' counts.
      routes[`GET /object?${filter}start=0&rows=1`] = answer;
    }
  }
  // The review queue's count, for the link to its page.
  routes['GET /object?state=submitted&sort=submitted+asc&start=0&rows=1'] = answer;
  return routes;
}

describe('MyRecords', () => {
  it('lists the drafts first, each linking to its page, and loads more on request', async () => {
    const all = Array.from({ length: 25 }, (_, i) => doc(i + 1));
    const { requests } = renderRecords(<MyRecords reviewer={false} publisher />, {
      routes: routesFor(all),
    });
    expect(await screen.findByRole('link', { name: 'Datensatz 1' })).toHaveProperty(
      'pathname',
      '/metadata/record-0000000001',
    );
    expect(screen.getAllByRole('listitem')).toHaveLength(20);
    expect(screen.getByText('20 von 25 Datensätzen')).toBeTruthy();
    expect(listRequests(requests)[0]?.url).toBe(
      '/api/v1/object?owner=me&state=draft&start=0&rows=20',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Weitere laden' }));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(25));
    expect(listRequests(requests).at(-1)?.url).toBe(
      '/api/v1/object?owner=me&state=draft&start=20&rows=20',
    );
    expect(screen.queryByRole('button', { name: 'Weitere laden' })).toBeNull();
  });

  it('shows one tab per state and a helpful sentence when a state is empty', async () => {
    renderRecords(<MyRecords reviewer={false} publisher />, { routes: routesFor([doc(1)]) });
    const tabs = () => screen.getAllByRole('tab').map((tab) => tab.textContent);
    await waitFor(() =>
      expect(tabs()).toEqual([
        'Entwurf (1)',
        'Eingereicht (0)',
        'Veröffentlicht (0)',
        'Zurückgezogen (0)',
      ]),
    );
    await screen.findByRole('link', { name: 'Datensatz 1' });
    await userEvent.click(screen.getByRole('tab', { name: /^Veröffentlicht/ }));
    expect(await screen.findByText(/Von Ihnen ist noch nichts veröffentlicht/)).toBeTruthy();
  });

  it('offers editors every record they manage, filtered by state and owner in the address', async () => {
    // jsdom has no layout: the state picker scrolls its options into view.
    Element.prototype.scrollIntoView ??= () => undefined;
    const all = [doc(2, 'submitted'), doc(3, 'submitted'), doc(4, 'published'), doc(6, 'draft')];
    const { requests } = renderRecords(<MyRecords reviewer publisher />, {
      principal: editor,
      routes: routesFor(all),
    });
    await userEvent.click(await screen.findByRole('tab', { name: 'Alle Datensätze (4)' }));
    expect(await screen.findByRole('link', { name: 'Datensatz 3' })).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(4);
    expect(screen.getAllByText(/von someone/)).toHaveLength(3);
    expect(listRequests(requests).at(-1)?.url).toBe('/api/v1/object?start=0&rows=20');

    await userEvent.type(screen.getByRole('textbox', { name: /Eigentümer/ }), 'someone');
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(3), {
      timeout: 3000,
    });
    expect(listRequests(requests).at(-1)?.url).toBe(
      '/api/v1/object?ownerName=someone&start=0&rows=20',
    );
    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Veröffentlicht' }));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    expect(screen.getByRole('link', { name: 'Datensatz 4' })).toBeTruthy();
    expect(listRequests(requests).at(-1)?.url).toBe(
      '/api/v1/object?ownerName=someone&state=published&start=0&rows=20',
    );
  }, 20_000);

  it('links editors to the review queue with its count; submitters get neither', async () => {
    renderRecords(<MyRecords reviewer publisher />, {
      principal: editor,
      routes: routesFor([doc(2, 'submitted'), doc(3, 'submitted')]),
    });
    const link = await screen.findByRole('link', { name: 'Prüfliste (2)' });
    expect(link.getAttribute('href')).toBe('/metadata/review');
    cleanup();
    renderRecords(<MyRecords reviewer={false} publisher />, { routes: routesFor([doc(1)]) });
    await screen.findByRole('link', { name: 'Datensatz 1' });
    expect(screen.queryByRole('link', { name: /Prüfliste/ })).toBeNull();
    expect(screen.queryByRole('tab', { name: /Alle Datensätze/ })).toBeNull();
  });

  it('opens a filtered list of all records from the address', async () => {
    renderRecords(<MyRecords reviewer publisher />, {
      principal: editor,
      path: '/metadata/mine?tab=all&owner=someone&state=withdrawn',
      routes: routesFor([doc(2, 'submitted')]),
    });
    expect(
      await screen.findByText(
        'Kein Datensatz passt zu diesen Filtern. Ändern Sie Status oder Eigentümer.',
      ),
    ).toBeTruthy();
    expect((screen.getByRole('textbox', { name: /Eigentümer/ }) as HTMLInputElement).value).toBe(
      'someone',
    );
  });

  it('counts every tab, and shows a tab without its count when that fails', async () => {
    const all = [doc(2, 'submitted'), doc(3, 'submitted'), doc(4, 'published')];
    const routes = routesFor(all);
    delete routes['GET /object?owner=me&state=published&start=0&rows=1'];
    renderRecords(<MyRecords reviewer publisher />, { principal: editor, routes });
    expect(await screen.findByRole('tab', { name: 'Alle Datensätze (3)' })).toBeTruthy();
    expect(await screen.findByRole('tab', { name: 'Eingereicht (2)' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Veröffentlicht' })).toBeTruthy();
  });

  it('deletes an own draft after the user confirmed it, and drops its row', async () => {
    const routes = routesFor([doc(1), doc(3)]);
    routes['DELETE /object/record-0000000001'] = () => empty();
    const { sent } = renderRecords(<MyRecords reviewer={false} publisher />, { routes });
    await userEvent.click(await screen.findByRole('button', { name: '„Datensatz 1“ löschen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Datensatz löschen' });
    expect(within(dialog).getByText(/„Datensatz 1“ wird mit allen Dateien gelöscht/)).toBeTruthy();
    expect(sent('DELETE')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Datensatz löschen' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Datensatz 1' })).toBeNull());
    expect(sent('DELETE').map((request) => request.url)).toEqual([
      '/api/v1/object/record-0000000001',
    ]);
    expect(screen.getByRole('link', { name: 'Datensatz 3' })).toBeTruthy();
    expect(screen.getByText('1 von 1 Datensatz')).toBeTruthy();
  });

  it('keeps the row and shows the reason when the server refuses', async () => {
    const routes = routesFor([doc(1)]);
    routes['DELETE /object/record-0000000001'] = () =>
      errorResponse(403, 'access.denied_test', 'You may not delete this record.');
    renderRecords(<MyRecords reviewer={false} publisher />, { routes });
    await userEvent.click(await screen.findByRole('button', { name: '„Datensatz 1“ löschen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Datensatz löschen' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Datensatz löschen' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'You may not delete this record.',
    );
    expect(screen.getByRole('link', { name: 'Datensatz 1' })).toBeTruthy();
  });

  it('offers submitters "Delete" on drafts only, editors on every record', async () => {
    const published = [doc(5, 'published')];
    renderRecords(<MyRecords reviewer={false} publisher />, {
      path: '/metadata/mine?tab=published',
      routes: routesFor(published),
    });
    await screen.findByRole('link', { name: 'Datensatz 5' });
    expect(screen.queryByRole('button', { name: /löschen$/ })).toBeNull();
    cleanup();
    renderRecords(<MyRecords reviewer publisher />, {
      principal: editor,
      path: '/metadata/mine?tab=published',
      routes: routesFor(published),
    });
    expect(await screen.findByRole('button', { name: '„Datensatz 5“ löschen' })).toBeTruthy();
  });
});
