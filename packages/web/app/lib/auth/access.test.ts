// @vitest-environment jsdom
import type { Principal } from '@geoportal/contract/access';
import { describe, expect, it, vi } from 'vitest';
import { createActivityCounter } from '../progress/activity';
import { createAppStorage } from '../storage';
import { empty, errorResponse, fakeFetch, json } from '../testing/fake-fetch';
import { MemoryStorage } from '../testing/fake-storage';
import { createAccess } from './access';

const editor: Principal = { name: 'editor', readonly: false, roles: ['editor'] };

function setup(saved: Record<string, string> = {}) {
  const local = new MemoryStorage(saved);
  const seen: string[] = [];
  const fake = fakeFetch((request) => {
    const path = request.url.replace('/api/v1', '');
    seen.push(`${request.method} ${path} ${request.headers.accesstoken ?? '-'}`);
    if (path === '/access/authorize') return json({ id: 'new', expires: '2030-01-01T00:00:00Z' });
    if (path === '/access/authorized') return json(editor);
    if (path === '/access/dismiss') return empty(204);
    if (path === '/access/isAllowed') return json(true);
    if (path === '/object/1') return errorResponse(401, 'auth.required', 'Expired.');
    return json({});
  });
  const onUnauthorized = vi.fn();
  const access = createAccess({
    apiBase: '/api/v1',
    storage: createAppStorage({ local, session: null }),
    fetch: fake.fetch,
    getAccessKey: (id) => (id === '7' ? 'key-7' : undefined),
    onUnauthorized,
  });
  return { access, local, seen, requests: fake.requests, onUnauthorized };
}

describe('createAccess wiring', () => {
  it('sends the auth store token with every request, from the saved one to a new login', async () => {
    const { access, seen } = setup({ accessToken: 'saved' });
    await access.client.get('/search');
    await access.auth.login('editor', 'editor-demo');
    await access.client.get('/search');
    expect(seen).toEqual([
      'GET /search saved',
      'POST /access/authorize saved',
      'GET /access/authorized new',
      'GET /search new',
    ]);
  });

  it('passes access keys through to the client', async () => {
    const { access, requests } = setup();
    await access.client.get('/object/7');
    expect(requests[0]?.headers['x-access-key']).toBe('key-7');
  });

  it('logs the user out on a 401 before onUnauthorized navigates (SPEC §4)', async () => {
    const { access, local, seen, onUnauthorized } = setup({
      accessToken: 'saved',
      principal: JSON.stringify(editor),
    });
    onUnauthorized.mockImplementation(() => {
      expect(access.auth.isLoggedIn()).toBe(false);
    });
    await expect(access.client.get('/object/1')).rejects.toMatchObject({ status: 401 });
    expect(seen).toEqual(['GET /object/1 saved', 'GET /access/dismiss saved']);
    expect(local.entries.size).toBe(0);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(onUnauthorized.mock.calls[0]?.[1]).toMatchObject({ method: 'GET', path: '/object/1' });
  });

  it('does not call the server to log out on a 401 when nobody is signed in', async () => {
    const { access, seen, onUnauthorized } = setup();
    await expect(access.client.get('/object/1')).rejects.toMatchObject({ status: 401 });
    expect(seen).toEqual(['GET /object/1 -']);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('empties the role cache on login and logout', async () => {
    const { access, seen } = setup();
    await access.auth.login('editor', 'editor-demo');
    await access.roles.isAllowed(['editor']);
    await access.roles.isAllowed(['editor']);
    await access.auth.logout();
    await access.auth.login('editor', 'editor-demo');
    await access.roles.isAllowed(['editor']);
    expect(seen.filter((line) => line.startsWith('POST /access/isAllowed'))).toHaveLength(2);
  });
});

describe('createAccess activity', () => {
  it('hands request activity to the loading bar and blocking requests to the spinner', async () => {
    const page = createActivityCounter();
    const blocking = createActivityCounter();
    const seen: string[] = [];
    const access = createAccess({
      apiBase: '/api/v1',
      storage: createAppStorage({ local: new MemoryStorage(), session: null }),
      fetch: fakeFetch(() => {
        seen.push(`${page.getSnapshot()}/${blocking.getSnapshot()}`);
        return json({});
      }).fetch,
      onActivity: page.start,
      onBlockingActivity: blocking.start,
    });
    await access.client.get('/search');
    await access.client.put('/object', { body: {}, blocking: true });
    expect(seen).toEqual(['1/0', '1/1']);
    expect(`${page.getSnapshot()}/${blocking.getSnapshot()}`).toBe('0/0');
  });
});
