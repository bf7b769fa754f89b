import type { FastifyInstance } from 'fastify';
import {
  addGroupMember,
  ensureGroup,
  grantGroupRole,
  insertAccount,
} from '../modules/access/access.repository.js';
import { hashPassword } from '../modules/access/password.js';
import { newId } from '../modules/access/session.js';

/** A clock that tests move forward by hand. */
export function testClock(start = new Date('2026-01-15T10:00:00Z')) {
  let now = start.getTime();
  const clock = () => new Date(now);
  clock.advance = (seconds: number) => {
    now += seconds * 1000;
  };
  return clock;
}

/** Creates an account with the given role (through a group) and answers its id. */
export async function createAccount(
  app: FastifyInstance,
  name: string,
  password: string,
  options: { role?: string; attributes?: Record<string, string[]>; description?: string } = {},
): Promise<string> {
  const id = newId();
  await insertAccount(
    app.db,
    {
      id,
      name,
      passwordHash: await hashPassword(password),
      attributes: options.attributes ?? null,
      ...(options.description ? { description: options.description } : {}),
    },
    app.clock(),
  );
  if (options.role) {
    const groupId = `${options.role}-group`;
    await ensureGroup(app.db, groupId, `${options.role} group`);
    await grantGroupRole(app.db, groupId, options.role);
    await addGroupMember(app.db, groupId, id);
  }
  return id;
}

/** Signs in through the API and answers the session id (the access token). */
export async function signIn(app: FastifyInstance, username: string, password: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/access/authorize',
    payload: { username, password },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return res.json().id as string;
}

export function withToken(token: string) {
  return { accesstoken: token };
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Calls the app's API under `/api/v1` with headers and an optional JSON body. */
export function apiCaller(app: FastifyInstance) {
  return (method: Method, url: string, headers: Record<string, string> = {}, payload?: unknown) =>
    app.inject({
      method,
      url: `/api/v1${url}`,
      headers,
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
}
