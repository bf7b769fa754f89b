import { accessHeaders } from '@geoportal/contract/access';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { appContext } from '../../http/request-context.js';
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

/** Resolves the `AccessToken` header of every request into `request.auth`. */
export function registerAuthentication(app: FastifyInstance) {
  const header = accessHeaders.token.toLowerCase();
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request: FastifyRequest) => {
    const token = request.headers[header];
    if (typeof token !== 'string' || token === '') return;
    request.auth = await authenticate(appContext(app), token);
  });
}
