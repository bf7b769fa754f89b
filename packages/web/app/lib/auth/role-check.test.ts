// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { createHttpClient } from '../http/http-client';
import { errorResponse, fakeFetch, json, type RecordedRequest } from '../testing/fake-fetch';
import type { SessionEvent } from './auth-store';
import { createRoleChecker, hasAnyRole } from './role-check';

/** A server that holds `granted` roles and answers other roles with `other` if given. */
function setup(granted: string[], other?: (role: string) => Response | Promise<Response>) {
  const roleOf = (request: RecordedRequest) =>
    (JSON.parse(String(request.body)) as string[])[0] ?? '';
  const fake = fakeFetch((request) => {
    const role = roleOf(request);
    if (granted.includes(role)) return json(true);
    return other ? other(role) : json(false);
  });
  const onUnauthorized = vi.fn();
  const client = createHttpClient({
    apiBase: '/api/v1',
    getToken: () => 'tok',
    fetch: fake.fetch,
    onUnauthorized,
  });
  const session = { loggedIn: true, listeners: new Set<(event: SessionEvent) => void>() };
  const auth = {
    isLoggedIn: () => session.loggedIn,
    onSessionChange(listener: (event: SessionEvent) => void) {
      session.listeners.add(listener);
      return () => session.listeners.delete(listener);
    },
  };
  const emit = (event: SessionEvent) => {
    for (const listener of session.listeners) listener(event);
  };
  const roles = createRoleChecker({ client, auth });
  const asked = () => fake.requests.map(roleOf);
  return { roles, requests: fake.requests, session, emit, asked, onUnauthorized };
}

describe('isAllowed (SPEC §5, §6)', () => {
  it('is false when not logged in, without asking the server', async () => {
    const { roles, session, requests } = setup(['*']);
    session.loggedIn = false;
    await expect(roles.isAllowed(['editor'])).resolves.toBe(false);
    await expect(roles.isAllowed()).resolves.toBe(false);
    expect(requests).toEqual([]);
  });

  it('checks the wildcard role when no roles are given, with one POST /access/isAllowed', async () => {
    const { roles, requests } = setup(['*']);
    await expect(roles.isAllowed()).resolves.toBe(true);
    await expect(roles.isAllowed([])).resolves.toBe(true);
    expect(requests).toEqual([
      {
        url: '/api/v1/access/isAllowed',
        method: 'POST',
        headers: {
          accept: 'application/json',
          'content-type': 'application/json',
          accesstoken: 'tok',
        },
        body: '["*"]',
      },
    ]);
  });

  it('is allowed if any listed role is allowed, asking once per role', async () => {
    const { roles, asked } = setup(['editor']);
    await expect(roles.isAllowed(['administrator', 'editor', 'submitter'])).resolves.toBe(true);
    await expect(roles.isAllowed(['administrator'])).resolves.toBe(false);
    expect(asked()).toEqual(['administrator', 'editor', 'submitter']);
  });

  it('caches results per role', async () => {
    const { roles, asked } = setup(['editor']);
    await roles.isAllowed(['editor', 'administrator']);
    await roles.isAllowed(['administrator']);
    await roles.isAllowed(['editor']);
    await roles.isAllowed(['submitter', 'editor']);
    expect(asked()).toEqual(['editor', 'administrator']);
  });

  it('shares one request between checks of the same role at the same time', async () => {
    const { roles, asked } = setup(['administrator']);
    const answers = await Promise.all([
      roles.isAllowed(['administrator']),
      roles.isAllowed(['administrator']),
    ]);
    expect(answers).toEqual([true, true]);
    expect(asked()).toEqual(['administrator']);
  });

  it('caches a 403 as not allowed', async () => {
    const { roles, asked, onUnauthorized } = setup([], () =>
      errorResponse(403, 'auth.forbidden', 'No.'),
    );
    await expect(roles.isAllowed(['editor'])).resolves.toBe(false);
    await expect(roles.isAllowed(['editor'])).resolves.toBe(false);
    expect(asked()).toEqual(['editor']);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it.each([
    ['a 500', () => errorResponse(500, 'server.internal', 'Oops.')],
    ['a 401', () => errorResponse(401, 'auth.required', 'Expired.')],
    ['a network failure', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('counts %s as not allowed for that call only, without caching', async (_, fail) => {
    let failing = true;
    const { roles, asked, onUnauthorized } = setup([], () => (failing ? fail() : json(true)));
    await expect(roles.isAllowed(['editor'])).resolves.toBe(false);
    failing = false;
    await expect(roles.isAllowed(['editor'])).resolves.toBe(true);
    expect(asked()).toEqual(['editor', 'editor']);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it.each(['login', 'logout'] as const)('empties the cache on %s', async (event) => {
    const { roles, asked, emit } = setup(['editor']);
    await roles.isAllowed(['editor']);
    emit(event);
    await roles.isAllowed(['editor']);
    expect(asked()).toEqual(['editor', 'editor']);
  });

  it('does not cache an answer that arrives after a logout (it was for the previous user)', async () => {
    let answer: (response: Response) => void = () => {};
    const { roles, asked, emit } = setup([], () => new Promise((resolve) => (answer = resolve)));
    const pending = roles.isAllowed(['editor']);
    emit('logout');
    answer(json(true));
    await expect(pending).resolves.toBe(true);
    void roles.isAllowed(['editor']);
    expect(asked()).toEqual(['editor', 'editor']);
  });

  it('stops listening to the auth store when disposed', () => {
    const { roles, session } = setup([]);
    expect(session.listeners.size).toBe(1);
    roles.dispose();
    expect(session.listeners.size).toBe(0);
  });
});

describe('hasAnyRole (immediate, literal)', () => {
  const editor = { roles: ['editor'] };

  it('is false without a principal', () => {
    expect(hasAnyRole(null, ['editor'])).toBe(false);
    expect(hasAnyRole(undefined)).toBe(false);
  });

  it('is true for any principal when no roles or the wildcard are asked', () => {
    expect(hasAnyRole({ roles: [] })).toBe(true);
    expect(hasAnyRole({ roles: [] }, [])).toBe(true);
    expect(hasAnyRole({ roles: [] }, ['*'])).toBe(true);
  });

  it('is true when the principal lists any of the roles', () => {
    expect(hasAnyRole(editor, ['administrator', 'editor'])).toBe(true);
    expect(hasAnyRole(editor, ['administrator'])).toBe(false);
  });

  it('does not let administrator stand in for other roles', () => {
    expect(hasAnyRole({ roles: ['administrator'] }, ['submitter'])).toBe(false);
  });
});
