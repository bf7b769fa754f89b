import type { Principal } from '@geoportal/contract/access';
import { vi } from 'vitest';
import { type AuthStore, createAuthStore } from '../auth/auth-store';
import { createHttpClient } from '../http/http-client';
import { createAppStorage } from '../storage';
import { errorResponse, fakeFetch, json, type RecordedRequest } from './fake-fetch';
import { MemoryStorage } from './fake-storage';

// A real client and auth store over a fake server, for the auth store tests.

export const editor: Principal = { name: 'editor', readonly: false, roles: ['editor'] };
export const session = { id: 'session-1', expires: '2030-01-01T00:00:00.000Z' };
export const noCache = { 'cache-control': 'no-cache', expires: 'Thu, 01 Jan 1970 00:00:00 GMT' };

export type Routes = Record<string, (request: RecordedRequest) => Response | Promise<Response>>;

export function setup(routes: Routes = {}, saved: Record<string, string> = {}) {
  const local = new MemoryStorage(saved);
  const onUnauthorized = vi.fn();
  const fake = fakeFetch((request) => {
    const answer = routes[`${request.method} ${request.url.replace('/api/v1', '')}`];
    return answer ? answer(request) : errorResponse(404, 'route.not_found', 'No route.');
  });
  const ref: { auth?: AuthStore } = {};
  const client = createHttpClient({
    apiBase: '/api/v1',
    getToken: () => ref.auth?.getSnapshot().token ?? null,
    fetch: fake.fetch,
    onUnauthorized,
  });
  const auth = createAuthStore({
    client,
    storage: createAppStorage({ local, session: null }),
    retryDelayMs: 0,
  });
  ref.auth = auth;
  const events: string[] = [];
  auth.onSessionChange((event) => events.push(event));
  return { auth, local, requests: fake.requests, onUnauthorized, events };
}

export const loginRoutes: Routes = {
  'POST /access/authorize': () => json(session),
  'GET /access/authorized': () => json(editor),
};

export const signedIn = { accessToken: 'saved-token', principal: JSON.stringify(editor) };
