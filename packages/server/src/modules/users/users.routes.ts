import { ErrorBody } from '@geoportal/contract/errors';
import {
  PasswordReset,
  RoleList,
  TemporaryPassword,
  UserCreate,
  UserDeleteQuery,
  UserDetail,
  UserList,
  UserListQuery,
  UserNameParams,
  UserUpdate,
} from '@geoportal/contract/users';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { administratorsOnly } from '../../http/guards.js';
import type { UsersContext } from './admin-transaction.js';
import * as lifecycle from './user-lifecycle.service.js';
import { MANAGE_USERS } from './users.errors.js';
import * as users from './users.service.js';

const tags = ['users'];
const security = [{ AccessToken: [] }];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

/** The request's context plus its id, which every audit entry of the request carries. */
export function usersContext(request: FastifyRequest): UsersContext {
  return { ...request.ctx, requestId: request.id };
}

/** `/users` and `/roles`: user administration (administrators only). */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', administratorsOnly(MANAGE_USERS));
  // Administrative answers describe accounts as they are now; no cache may keep them.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/users',
    {
      schema: {
        tags,
        security,
        summary: 'Users, searched, filtered, sorted and paged',
        querystring: UserListQuery,
        response: { 200: UserList, ...errors },
      },
    },
    async (request) => users.listUsers(usersContext(request), request.query),
  );

  app.post(
    '/users',
    {
      schema: {
        tags,
        security,
        summary: 'Create a user with a password (to be changed at the first sign-in by default)',
        body: UserCreate,
        response: { 201: UserDetail, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await users.createUser(usersContext(request), request.body)),
  );

  app.get(
    '/users/:name',
    {
      schema: {
        tags,
        security,
        summary: 'One user, with the number of records they own',
        params: UserNameParams,
        response: { 200: UserDetail, ...errors },
      },
    },
    async (request, reply) => {
      const user = await users.getUser(usersContext(request), request.params.name);
      return reply.header('etag', `"${user.version}"`).send(user);
    },
  );

  app.put(
    '/users/:name',
    {
      schema: {
        tags,
        security,
        summary: 'Edit names, e-mail, description, roles and groups (409 when saved in between)',
        params: UserNameParams,
        body: UserUpdate,
        response: { 200: UserDetail, ...errors },
      },
    },
    async (request) => users.updateUser(usersContext(request), request.params.name, request.body),
  );

  app.delete(
    '/users/:name',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a user; their records go to ?successor= (409 without one)',
        params: UserNameParams,
        querystring: UserDeleteQuery,
        response: { 204: z.undefined(), ...errors },
      },
    },
    async (request, reply) => {
      await lifecycle.deleteUser(
        usersContext(request),
        request.params.name,
        request.query.successor,
      );
      return reply.code(204).send();
    },
  );

  app.put(
    '/users/:name/disabled',
    {
      schema: {
        tags,
        security,
        summary: 'Disable (true) or enable (false); disabling ends every session',
        params: UserNameParams,
        body: z.boolean(),
        response: { 200: UserDetail, ...errors },
      },
    },
    async (request) =>
      lifecycle.setDisabled(usersContext(request), request.params.name, request.body),
  );

  app.delete(
    '/users/:name/lock',
    {
      schema: {
        tags,
        security,
        summary: 'Lift the sign-in lock-out after failed password checks',
        params: UserNameParams,
        response: { 200: UserDetail, ...errors },
      },
    },
    async (request) => lifecycle.unlockUser(usersContext(request), request.params.name),
  );

  app.put(
    '/users/:name/password',
    {
      schema: {
        tags,
        security,
        summary: 'Set a temporary password (made up when none is sent); ends every session',
        params: UserNameParams,
        body: PasswordReset,
        response: { 200: TemporaryPassword, ...errors },
      },
    },
    async (request) =>
      lifecycle.resetPassword(usersContext(request), request.params.name, request.body.password),
  );

  app.get(
    '/roles',
    {
      schema: {
        tags,
        security,
        summary: 'The role names the system knows',
        response: { 200: RoleList, ...errors },
      },
    },
    async (request) => users.listRoles(usersContext(request)),
  );
};
