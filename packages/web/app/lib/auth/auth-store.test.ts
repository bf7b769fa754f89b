// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { HttpRequestError } from '../http/http-error';
import { editor, loginRoutes, noCache, session, setup, signedIn } from '../testing/auth-harness';
import { empty, errorResponse, json } from '../testing/fake-fetch';

describe('login (SPEC §4)', () => {
  it('posts the credentials, then fetches the user with the new token and no cache', async () => {
    const { auth, requests } = setup(loginRoutes);
    await expect(auth.login('editor', 'editor-demo')).resolves.toEqual(editor);
    expect(requests).toEqual([
      {
        url: '/api/v1/access/authorize',
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/json' },
        body: '{"username":"editor","password":"editor-demo"}',
      },
      {
        url: '/api/v1/access/authorized',
        method: 'GET',
        headers: { accept: 'application/json', ...noCache, accesstoken: 'session-1' },
        body: undefined,
      },
    ]);
  });

  it('stores the session, makes its id the token and saves accessToken and principal', async () => {
    const { auth, local } = setup(loginRoutes);
    await auth.login('editor', 'editor-demo');
    expect(auth.getSnapshot()).toEqual({
      token: 'session-1',
      principal: editor,
      session,
      status: 'authenticated',
    });
    expect(auth.isLoggedIn()).toBe(true);
    expect(Object.fromEntries(local.entries)).toEqual({
      accessToken: 'session-1',
      principal: JSON.stringify(editor),
    });
  });

  it('announces the login so the role cache is cleared', async () => {
    const { auth, events } = setup(loginRoutes);
    await auth.login('editor', 'editor-demo');
    expect(events).toEqual(['login']);
  });

  it('throws the HttpRequestError and leaves state and storage unchanged on failure', async () => {
    const { auth, local, events, onUnauthorized } = setup(
      { 'POST /access/authorize': () => errorResponse(401, 'auth.invalid_credentials', 'Wrong.') },
      signedIn,
    );
    const before = auth.getSnapshot();
    const error = await auth.login('editor', 'nope').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpRequestError);
    expect(error).toMatchObject({ status: 401, code: 'auth.invalid_credentials' });
    expect(auth.getSnapshot()).toBe(before);
    expect(local.getItem('accessToken')).toBe('saved-token');
    expect(events).toEqual([]);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('commits nothing when the user cannot be fetched after the session was created', async () => {
    const { auth, local } = setup({
      'POST /access/authorize': () => json(session),
      'GET /access/authorized': () => errorResponse(500, 'server.internal', 'Oops.'),
    });
    await expect(auth.login('editor', 'editor-demo')).rejects.toMatchObject({ status: 500 });
    expect(auth.getSnapshot().token).toBeNull();
    expect(local.entries.size).toBe(0);
  });
});

describe('logout (SPEC §4, §8)', () => {
  it('calls GET /access/dismiss with the token, then clears everything and answers true', async () => {
    const { auth, local, requests, events } = setup(
      { 'GET /access/dismiss': () => empty(204) },
      signedIn,
    );
    await expect(auth.logout()).resolves.toBe(true);
    expect(requests[0]).toMatchObject({
      method: 'GET',
      url: '/api/v1/access/dismiss',
      headers: { accesstoken: 'saved-token' },
    });
    expect(auth.getSnapshot()).toEqual({
      token: null,
      principal: null,
      session: null,
      status: 'anonymous',
    });
    expect(local.entries.size).toBe(0);
    expect(events).toEqual(['logout']);
  });

  it('clears the local session also when the server call fails, and answers false', async () => {
    const { auth, local, events, onUnauthorized } = setup(
      { 'GET /access/dismiss': () => errorResponse(401, 'auth.required', 'Gone.') },
      signedIn,
    );
    await expect(auth.logout()).resolves.toBe(false);
    expect(auth.isLoggedIn()).toBe(false);
    expect(local.entries.size).toBe(0);
    expect(events).toEqual(['logout']);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('makes one server call for logouts asked at the same time', async () => {
    const { auth, requests } = setup({ 'GET /access/dismiss': () => empty(204) }, signedIn);
    await Promise.all([auth.logout(), auth.logout()]);
    expect(requests).toHaveLength(1);
  });
});

describe('adoptSession', () => {
  it('replaces token and stored accessToken but keeps the user signed in', async () => {
    const { auth, local } = setup(loginRoutes);
    await auth.login('editor', 'secret');
    auth.adoptSession({ id: 'session-2', expires: '2030-01-02T00:00:00.000Z' });
    expect(auth.getSnapshot()).toMatchObject({ token: 'session-2', status: 'authenticated' });
    expect(local.getItem('accessToken')).toBe('session-2');
    expect(auth.isLoggedIn()).toBe(true);
  });
});
