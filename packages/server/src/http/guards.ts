import { ErrorCode } from '@geoportal/contract/errors';
import type { FastifyRequest } from 'fastify';
import type { Auth } from '../modules/access/access.service.js';
import { holdsAdministrator } from '../modules/objects/policy.js';
import { HttpError } from './errors.js';

/**
 * The one administrator check. `what` completes the sentence "Only administrators may …"
 * and names what was refused, e.g. `see the audit log`, `manage harvesters`. Nobody signed
 * in is 401 `auth.required` (a sign-in may help); a signed-in user without the role is 403
 * `auth.forbidden`. Answers the caller, known to be an administrator.
 *
 * Routes apply it per plugin with `administratorsOnly`; a service calls it itself only when
 * it is also reached outside HTTP (the command console's lines, the CLI, a `command.run`
 * process), which call services with the caller's identity.
 */
export function requireAdministrator(auth: Auth | null, what: string): Auth {
  if (!auth) {
    throw new HttpError(
      401,
      ErrorCode.authRequired,
      'Sign in first: this needs a valid AccessToken.',
    );
  }
  if (!holdsAdministrator(auth.principal.roles)) {
    throw new HttpError(403, ErrorCode.forbidden, `Only administrators may ${what}.`);
  }
  return auth;
}

/**
 * An `onRequest` hook that lets only administrators through: in a plugin that is for
 * administrators as a whole, `app.addHook('onRequest', administratorsOnly('…'))`; for one
 * route, its `onRequest` option. It runs after the application's own `onRequest` hooks
 * (authentication, then `request.ctx`), which `app.ts` adds before any route plugin, and
 * before the body is read and validated: a refused caller learns nothing of the shape of
 * the input, and a large upload is refused before it is received.
 */
export function administratorsOnly(what: string) {
  return async (request: FastifyRequest): Promise<void> => {
    requireAdministrator(request.ctx.auth, what);
  };
}
