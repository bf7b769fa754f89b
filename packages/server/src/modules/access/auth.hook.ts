import { accessHeaders } from '@geoportal/contract/access';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_PREFIX } from '../../http/api-prefix.js';
import { appContext } from '../../http/request-context.js';
import { PasswordChangeRequiredError } from './access.errors.js';
import { type Auth, authenticate } from './access.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The current time; tests replace it to move sessions through their timeouts. */
    clock: () => Date;
  }
  interface FastifyRequest {
    /** The signed-in caller, or null when the request carries no valid AccessToken. */
    auth: Auth | null;
  }
}

/**
 * What a session signed in with a temporary password may do before it chose a new one: sign
 * out, say who it is and which roles it holds (the web app's shell asks), read the own profile
 * and the realms, and change the password. Method and route as Fastify matched them.
 */
const beforePasswordChange = new Set(
  [
    'GET /access/dismiss',
    'GET /access/authorized',
    'POST /access/isAllowed',
    'GET /access/realms',
    'GET /access/profile',
    'PUT /access/profile/password',
  ].map((route) => route.replace(' /', ` ${API_PREFIX}/`)),
);

/**
 * Resolves the `AccessToken` header of every request into `request.auth`. A session whose
 * account must change its password gets 403 `auth.password_change_required` on every other
 * request that carries its token, whatever the interface (REST, the standards, files, event
 * streams): someone else chose that password (an administrator, the console), so until the
 * user picks their own it opens nothing but the change.
 */
export function registerAuthentication(app: FastifyInstance) {
  const header = accessHeaders.token.toLowerCase();
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request: FastifyRequest) => {
    const token = request.headers[header];
    if (typeof token !== 'string' || token === '') return;
    request.auth = await authenticate(appContext(app), token);
    if (
      request.auth?.principal.mustChangePassword &&
      !beforePasswordChange.has(`${request.method} ${request.routeOptions.url}`)
    ) {
      throw new PasswordChangeRequiredError();
    }
  });
}
