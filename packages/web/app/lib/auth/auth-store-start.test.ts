// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { editor, loginRoutes, noCache, session, setup, signedIn } from '../testing/auth-harness';
import { errorResponse, json } from '../testing/fake-fetch';

describe('start (SPEC §4)', () => {
  it('paints the saved principal at once, then confirms it and saves the fresh one', async () => {
    const fresh = { ...editor, givenName: 'Eva' };
    const { auth, local, requests } = setup(
      { 'GET /access/authorized': () => json(fresh) },
      signedIn,
    );
    expect(auth.getSnapshot()).toMatchObject({
      token: 'saved-token',
      principal: editor,
      status: 'unknown',
    });
    await auth.start();
    expect(requests[0]?.headers).toEqual({
      accept: 'application/json',
      ...noCache,
      accesstoken: 'saved-token',
    });
    expect(auth.getSnapshot()).toMatchObject({ principal: fresh, status: 'authenticated' });
    expect(JSON.parse(local.getItem('principal') ?? '')).toEqual(fresh);
  });

  it.each([
    ['a 401', () => errorResponse(401, 'auth.required', 'Expired.')],
    ['a network failure', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('clears everything silently when fetching the user fails with %s', async (_, answer) => {
    const { auth, local, events, onUnauthorized } = setup(
      { 'GET /access/authorized': answer },
      signedIn,
    );
    await expect(auth.start()).resolves.toBeUndefined();
    expect(auth.getSnapshot()).toMatchObject({ token: null, principal: null, status: 'anonymous' });
    expect(local.entries.size).toBe(0);
    expect(events).toEqual(['logout']);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('asks once more after a failure without an answer, and keeps the session if that works', async () => {
    let calls = 0;
    const { auth, local, events } = setup(
      {
        'GET /access/authorized': () => {
          calls += 1;
          return calls === 1 ? Promise.reject(new TypeError('Failed to fetch')) : json(editor);
        },
      },
      signedIn,
    );
    await auth.start();
    expect(calls).toBe(2);
    expect(auth.getSnapshot()).toMatchObject({ token: 'saved-token', status: 'authenticated' });
    expect(local.getItem('accessToken')).toBe('saved-token');
    expect(events).not.toContain('logout');
  });

  it('does not ask again after an answer: a 401 clears at once', async () => {
    const { auth, requests } = setup(
      { 'GET /access/authorized': () => errorResponse(401, 'auth.required', 'Expired.') },
      signedIn,
    );
    await auth.start();
    expect(requests).toHaveLength(1);
    expect(auth.getSnapshot().status).toBe('anonymous');
  });

  it('is anonymous without a saved token, without asking the server', async () => {
    const { auth, requests, local } = setup({}, { principal: JSON.stringify(editor) });
    await auth.start();
    expect(requests).toEqual([]);
    expect(auth.getSnapshot().status).toBe('anonymous');
    expect(local.entries.size).toBe(0);
  });

  it('drops a slow answer that arrives after a login happened meanwhile', async () => {
    let answerStart: (response: Response) => void = () => {};
    let calls = 0;
    const { auth } = setup(
      {
        'POST /access/authorize': () => json(session),
        'GET /access/authorized': () => {
          calls += 1;
          if (calls > 1) return json(editor);
          return new Promise<Response>((resolve) => {
            answerStart = resolve;
          });
        },
      },
      signedIn,
    );
    const started = auth.start();
    await auth.login('editor', 'editor-demo');
    answerStart(errorResponse(401, 'auth.required', 'Expired.'));
    await started;
    expect(auth.getSnapshot()).toMatchObject({ token: 'session-1', status: 'authenticated' });
  });
});

describe('refresh', () => {
  it('fetches the user again and saves it', async () => {
    const fresh = { ...editor, roles: ['editor', 'submitter'] };
    const { auth, local } = setup({ 'GET /access/authorized': () => json(fresh) }, signedIn);
    await expect(auth.refresh()).resolves.toEqual(fresh);
    expect(auth.getSnapshot().principal).toEqual(fresh);
    expect(JSON.parse(local.getItem('principal') ?? '')).toEqual(fresh);
  });

  it('clears the session on a 401 and answers null', async () => {
    const { auth, events } = setup(
      { 'GET /access/authorized': () => errorResponse(401, 'auth.required', 'Expired.') },
      signedIn,
    );
    await expect(auth.refresh()).resolves.toBeNull();
    expect(auth.isLoggedIn()).toBe(false);
    expect(events).toEqual(['logout']);
  });

  it('keeps the session on other failures and rejects', async () => {
    const { auth } = setup(
      { 'GET /access/authorized': () => errorResponse(503, 'x', 'Down.') },
      signedIn,
    );
    await expect(auth.refresh()).rejects.toMatchObject({ status: 503 });
    expect(auth.isLoggedIn()).toBe(true);
  });

  it('answers null without a request when nobody is signed in', async () => {
    const { auth, requests } = setup();
    await expect(auth.refresh()).resolves.toBeNull();
    expect(requests).toEqual([]);
  });
});

describe('store contract (useSyncExternalStore)', () => {
  it('notifies subscribers on change, keeps the snapshot stable otherwise, and unsubscribes', async () => {
    const { auth } = setup(loginRoutes);
    const listener = vi.fn();
    const unsubscribe = auth.subscribe(listener);
    expect(auth.getSnapshot()).toBe(auth.getSnapshot());
    await auth.login('editor', 'editor-demo');
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    await auth.refresh();
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('has a server snapshot in which nobody is known yet', () => {
    const { auth } = setup({}, signedIn);
    expect(auth.getServerSnapshot()).toEqual({
      token: null,
      principal: null,
      session: null,
      status: 'unknown',
    });
  });
});
