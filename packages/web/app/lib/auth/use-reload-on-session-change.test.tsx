// @vitest-environment jsdom
import type { Principal } from '@geoportal/contract/access';
import { act, renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createAppStorage } from '../storage';
import { empty, fakeFetch, json } from '../testing/fake-fetch';
import { MemoryStorage } from '../testing/fake-storage';
import { AccessContext, createAccess } from './access';
import { useReloadOnSessionChange } from './use-reload-on-session-change';

const editor: Principal = { name: 'editor', readonly: false, roles: ['editor'] };

function setup() {
  const fake = fakeFetch((request) => {
    if (request.url.endsWith('/access/authorize')) return json({ id: 't', expires: 'x' });
    if (request.url.endsWith('/access/authorized')) return json(editor);
    return empty(204);
  });
  const access = createAccess({
    apiBase: '/api/v1',
    storage: createAppStorage({ local: new MemoryStorage(), session: null }),
    fetch: fake.fetch,
  });
  const wrapper = ({ children }: { children: ReactNode }) =>
    createElement(AccessContext, { value: access }, children);
  return { access, wrapper };
}

describe('useReloadOnSessionChange', () => {
  it('reloads on every sign-in and sign-out, not when the first state becomes known', async () => {
    const { access, wrapper } = setup();
    const reload = vi.fn();
    renderHook(() => useReloadOnSessionChange(reload), { wrapper });
    // The saved session is checked: the page was loaded for this state already.
    await act(() => access.auth.start());
    expect(access.auth.getSnapshot().status).toBe('anonymous');
    expect(reload).not.toHaveBeenCalled();

    await act(() => access.auth.login('editor', 'editor-demo'));
    expect(reload).toHaveBeenCalledTimes(1);
    await act(() => access.auth.logout());
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
