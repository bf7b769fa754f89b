import {
  LoginRequest,
  PasswordChange,
  Principal,
  Profile,
  ProfileUpdate,
  Realms,
  RoleNames,
  Session,
} from '@geoportal/contract/access';
import { ErrorBody } from '@geoportal/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TooManyLoginAttemptsError } from './access.errors.js';
import * as access from './access.service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 429: ErrorBody };
const tags = ['access'];
const security = [{ AccessToken: [] }];

/** `/access/*`: sign-in, sign-out, the current user, role checks, realms and the own profile. */
export const accessRoutes: FastifyPluginAsyncZod = async (app) => {
  // A lock of sign-in or password change says when to try again.
  app.addHook('onError', async (_request, reply, error) => {
    if (error instanceof TooManyLoginAttemptsError) {
      reply.header('retry-after', String(error.retryAfterSeconds));
    }
  });

  app.post(
    '/access/authorize',
    {
      schema: {
        tags,
        summary: 'Sign in with user name and password; answers a new session',
        body: LoginRequest,
        response: { 200: Session, ...errors },
      },
      // Slows floods from one address; the sign-in locks live in the service.
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (request) =>
      access.login(request.ctx, {
        ...request.body,
        address: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
      }),
  );

  app.get(
    '/access/dismiss',
    {
      schema: {
        tags,
        security,
        summary: 'Sign out: ends the session of the AccessToken',
        response: { 204: z.undefined() },
      },
    },
    async (request, reply) => {
      if (request.ctx.auth) {
        await access.logout(request.ctx, request.headers.accesstoken as string);
      }
      return reply.code(204).send();
    },
  );

  app.get(
    '/access/authorized',
    {
      schema: {
        tags,
        security,
        summary: 'The signed-in user; 401 when nobody is signed in',
        response: { 200: Principal, 401: ErrorBody },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return access.requireAuth(request.ctx.auth).principal;
    },
  );

  app.post(
    '/access/isAllowed',
    {
      schema: {
        tags,
        security,
        summary: 'Whether the caller holds any of the roles (empty list: any signed-in user)',
        body: RoleNames,
        response: { 200: z.boolean(), 400: ErrorBody },
      },
    },
    async (request) => access.isAllowed(request.ctx.auth, request.body),
  );

  app.get(
    '/access/realms',
    {
      schema: {
        tags,
        summary: 'Where accounts come from and whether they sign in with the form',
        response: { 200: Realms },
      },
    },
    async () => [{ id: 'local', formLogin: app.config.formLogin }],
  );

  app.get(
    '/access/profile',
    {
      schema: {
        tags,
        security,
        summary: 'The signed-in user’s own profile',
        response: { 200: Profile, 401: ErrorBody },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return access.getProfile(request.ctx, access.requireAuth(request.ctx.auth));
    },
  );

  app.put(
    '/access/profile',
    {
      schema: {
        tags,
        security,
        summary: 'Update the own given name, surname, email and description',
        body: ProfileUpdate,
        response: { 200: Profile, ...errors },
      },
    },
    async (request) =>
      access.updateProfile(request.ctx, access.requireAuth(request.ctx.auth), request.body),
  );

  app.put(
    '/access/profile/password',
    {
      schema: {
        tags,
        security,
        summary: 'Change the own password; ends every session and answers a new one',
        body: PasswordChange,
        response: { 200: Session, ...errors },
      },
    },
    async (request) =>
      access.changePassword(request.ctx, access.requireAuth(request.ctx.auth), {
        ...request.body,
        address: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
      }),
  );
};
