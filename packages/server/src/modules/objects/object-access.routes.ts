import { ErrorBody } from '@geoportal/contract/errors';
import {
  AccessControl,
  AccessKey,
  CreateAccessKey,
  CreatedAccessKey,
} from '@geoportal/contract/object';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deniedError, deniedTo } from './object.errors.js';
import { idParams } from './object.routes.js';
import * as access from './object-access.service.js';
import { loadReadable } from './object-kernel.js';
import { can, isPublisher } from './policy.js';

const tags = ['objects'];
const security = [{ AccessToken: [] }];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const probe = { 202: z.undefined(), ...errors };

/** Access control, access keys and the permission probes of SPEC §7 (202 = allowed). */
export const objectAccessRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/object/:id/accessControl',
    {
      schema: {
        tags,
        security,
        summary: 'Grants of a record',
        params: idParams,
        response: { 200: AccessControl, ...errors },
      },
    },
    async (request) => access.getAccessControl(request.ctx, request.params.id),
  );

  app.post(
    '/object/:id/accessControl',
    {
      schema: {
        tags,
        security,
        summary: 'Replace the grants and the public flag of a record',
        params: idParams,
        body: AccessControl,
        response: { 200: AccessControl, ...errors },
      },
    },
    async (request) => access.setAccessControl(request.ctx, request.params.id, request.body),
  );

  app.get(
    '/object/:id/accessKeys',
    {
      schema: {
        tags,
        security,
        summary: 'Access keys of a record (never their secrets)',
        params: idParams,
        response: { 200: z.array(AccessKey), ...errors },
      },
    },
    async (request) => access.listAccessKeys(request.ctx, request.params.id),
  );

  app.post(
    '/object/:id/accessKeys',
    {
      schema: {
        tags,
        security,
        summary: 'Create an access key; the answer holds its secret, shown this once',
        params: idParams,
        body: CreateAccessKey,
        response: { 201: CreatedAccessKey, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await access.createAccessKey(request.ctx, request.params.id, request.body)),
  );

  app.delete(
    '/object/:id/accessKeys/:keyId',
    {
      schema: {
        tags,
        security,
        summary: 'Revoke an access key',
        params: idParams.extend({ keyId: z.string().max(64) }),
        response: { 204: z.undefined(), ...errors },
      },
    },
    async (request, reply) => {
      await access.revokeAccessKey(request.ctx, request.params.id, request.params.keyId);
      return reply.code(204).send();
    },
  );

  for (const [method, permission] of [
    ['get', 'read'],
    ['put', 'write'],
  ] as const) {
    app[method](
      '/object/:id/accessKey/required',
      {
        schema: {
          tags,
          summary: `Whether an access key would give the caller ${permission} access`,
          params: idParams,
          response: { 200: z.boolean(), ...errors },
        },
      },
      async (request) => access.accessKeyRequired(request.ctx, request.params.id, permission),
    );
  }

  // Probes -------------------------------------------------------------------------------

  for (const [method, permission] of [
    ['get', 'read'],
    ['put', 'write'],
  ] as const) {
    app[method](
      '/object/:id/try',
      {
        schema: {
          tags,
          security,
          summary: `Probe: may the caller ${permission} this record?`,
          params: idParams,
          response: probe,
        },
      },
      async (request, reply) => {
        const loaded = await loadReadable(request.ctx, request.params.id);
        if (!can(loaded.subject, loaded.facts, permission)) throw deniedTo(loaded.subject);
        return reply.code(202).send(undefined);
      },
    );
  }

  for (const method of ['post', 'put'] as const) {
    app[method](
      '/object/try',
      {
        schema: {
          tags,
          security,
          summary:
            method === 'post'
              ? 'Probe: may the caller create records?'
              : 'Probe: may the caller edit records?',
          response: probe,
        },
      },
      async (request, reply) => {
        if (!isPublisher({ auth: request.ctx.auth })) throw deniedError(request.ctx.auth !== null);
        return reply.code(202).send(undefined);
      },
    );
  }

  app.post(
    '/object/:id/accessControl/try',
    {
      schema: {
        tags,
        security,
        summary: 'Probe: may the caller change the grants?',
        params: idParams,
        response: probe,
      },
    },
    async (request, reply) => {
      const loaded = await loadReadable(request.ctx, request.params.id);
      if (!can(loaded.subject, loaded.facts, 'accessControl')) throw deniedTo(loaded.subject);
      return reply.code(202).send(undefined);
    },
  );
};
