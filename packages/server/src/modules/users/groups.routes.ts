import { ErrorBody } from '@geoportal/contract/errors';
import {
  GroupCreate,
  GroupDetail,
  GroupList,
  GroupMemberParams,
  GroupNameParams,
  GroupUpdate,
} from '@geoportal/contract/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { administratorsOnly } from '../../http/guards.js';
import * as groups from './groups.service.js';
import { MANAGE_USERS } from './users.errors.js';
import { usersContext } from './users.routes.js';

const tags = ['groups'];
const security = [{ AccessToken: [] }];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

/** `/groups`: groups, their roles and members (administrators only). */
export const groupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', administratorsOnly(MANAGE_USERS));
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/groups',
    {
      schema: {
        tags,
        security,
        summary: 'Every group with its roles and number of members',
        response: { 200: GroupList, ...errors },
      },
    },
    async (request) => groups.listGroups(usersContext(request)),
  );

  app.post(
    '/groups',
    {
      schema: {
        tags,
        security,
        summary: 'Create a group',
        body: GroupCreate,
        response: { 201: GroupDetail, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await groups.createGroup(usersContext(request), request.body)),
  );

  app.get(
    '/groups/:name',
    {
      schema: {
        tags,
        security,
        summary: 'One group with its members',
        params: GroupNameParams,
        response: { 200: GroupDetail, ...errors },
      },
    },
    async (request) => groups.getGroup(usersContext(request), request.params.name),
  );

  app.put(
    '/groups/:name',
    {
      schema: {
        tags,
        security,
        summary: 'Edit labels, description and roles (409 when saved in between)',
        params: GroupNameParams,
        body: GroupUpdate,
        response: { 200: GroupDetail, ...errors },
      },
    },
    async (request) => groups.updateGroup(usersContext(request), request.params.name, request.body),
  );

  app.delete(
    '/groups/:name',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a group; members lose its roles',
        params: GroupNameParams,
        response: { 204: z.undefined(), ...errors },
      },
    },
    async (request, reply) => {
      await groups.deleteGroup(usersContext(request), request.params.name);
      return reply.code(204).send();
    },
  );

  app.put(
    '/groups/:name/members/:user',
    {
      schema: {
        tags,
        security,
        summary: 'Add a user to the group',
        params: GroupMemberParams,
        response: { 200: GroupDetail, ...errors },
      },
    },
    async (request) =>
      groups.setMembership(usersContext(request), request.params.name, request.params.user, true),
  );

  app.delete(
    '/groups/:name/members/:user',
    {
      schema: {
        tags,
        security,
        summary: 'Remove a user from the group',
        params: GroupMemberParams,
        response: { 200: GroupDetail, ...errors },
      },
    },
    async (request) =>
      groups.setMembership(usersContext(request), request.params.name, request.params.user, false),
  );
};
