// @vitest-environment jsdom
import type { Principal } from '@geoportal/contract/access';
import { act, renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createAppStorage } from '../storage';
import { empty, fakeFetch, json } from '../testing/fake-fetch';
import { MemoryStorage } from '../testing/fake-storage';
import { AccessContext, createAccess } from './access';
import { useAuth } from './use-auth';
import { useIsAllowed } from './use-is-allowed';

const editor: Principal = { name: 'editor', readonly: false, roles: ['editor'] };

function setup(saved: Record<string, string> = {}) {
  const fake = fakeFetch((request) => {
    if (request.url.endsWith('/access/authorize')) return json({ id: 't', expires: 'x' });
    if (request.url.endsWith('/access/authorized')) return json(editor);
    if (request.url.endsWith('/access/dismiss')) return empty(204);
    return json(JSON.parse(String(request.body)).includes('editor'));
  });
  const access = createAccess({
    apiBase: '/api/v1',
    storage: createAppStorage({ local: new MemoryStorage(saved), session: null }),
    fetch: fake.fetch,
  });
  const wrapper = ({ children }: { children: ReactNode }) =>
    createElement(AccessContext, { value: access }, children);
  return { access, wrapper, requests: fake.requests };
}

describe('useAuth', () => {
  it('re-renders with the new state on login and logout', async () => {
    const { wrapper } = setup();
    const { result } = renderHook(() => useAuth(), { wrapper });
    expect(result.current).toMatchObject({ isLoggedIn: false, status: 'unknown' });
    await act(() => result.current.login('editor', 'editor-demo'));
    expect(result.current).toMatchObject({
      isLoggedIn: true,
      status: 'authenticated',
      principal: editor,
    });
    await act(() => result.current.logout());
    expect(result.current).toMatchObject({ isLoggedIn: false, status: 'anonymous', token: null });
  });

  it('renders the server snapshot on the server, whatever the browser stored', () => {
    const { access } = setup({ accessToken: 'saved', principal: JSON.stringify(editor) });
    function Probe() {
      const { status, principal } = useAuth(access.auth);
      return createElement('span', null, `${status}:${principal?.name ?? '-'}`);
    }
    expect(renderToString(createElement(Probe))).toBe('<span>unknown:-</span>');
  });

  it('explains a missing AccessContext', () => {
    expect(() => renderHook(() => useAuth())).toThrow(/AccessContext/);
  });
});

describe('useIsAllowed', () => {
  it('is undefined while asking, then the answer, and asks again when the user changes', async () => {
    const { access, wrapper, requests } = setup();
    await access.auth.login('editor', 'editor-demo');
    const { result } = renderHook(() => useIsAllowed(['editor']), { wrapper });
    expect(result.current).toBeUndefined();
    await waitFor(() => expect(result.current).toBe(true));
    await act(() => access.auth.logout());
    await waitFor(() => expect(result.current).toBe(false));
    expect(requests.filter((r) => r.url.endsWith('/access/isAllowed'))).toHaveLength(1);
  });
});
