import { randomBytes, timingSafeEqual } from 'node:crypto';
import { accessHeaders } from '@geoportal/contract/access';
import '@fastify/cookie';
import { ErrorCode } from '@geoportal/contract/errors';
import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors.js';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Double-submit CSRF protection (DESIGN §4): every response sets a readable `XSRF-TOKEN`
 * cookie if the request had none; a state-changing request that carries the cookie must
 * repeat its value in `X-XSRF-TOKEN`, else 403 `csrf.invalid`. Requests without the cookie
 * (scripts that authenticate with `AccessToken` only) are not subject to it: a browser
 * always sends the cookie, so a forged cross-site request cannot leave it out.
 */
export function registerCsrfProtection(app: FastifyInstance, options: { secureCookie: boolean }) {
  const cookieName = accessHeaders.xsrfCookie;
  const headerName = accessHeaders.xsrfHeader.toLowerCase();
  app.addHook('onRequest', async (request, reply) => {
    const cookie = request.cookies[cookieName];
    if (!cookie) {
      reply.setCookie(cookieName, randomBytes(32).toString('base64url'), {
        path: '/',
        sameSite: 'lax',
        secure: options.secureCookie,
        httpOnly: false,
      });
      return;
    }
    if (safeMethods.has(request.method)) return;
    const header = request.headers[headerName];
    if (typeof header !== 'string' || !equal(header, cookie)) {
      throw new HttpError(
        403,
        ErrorCode.csrfInvalid,
        `The ${accessHeaders.xsrfHeader} header must repeat the ${cookieName} cookie. Reload the page and try again.`,
      );
    }
  });
}

function equal(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
