import { ErrorBody } from '@geoportal/contract/errors';
import {
  CreateObject,
  type DetailLevel,
  ObjectDetailed,
  ObjectId,
  ObjectList,
  ObjectListQuery,
  ObjectNormal,
  ObjectSummary,
  StateChange,
  UpdateObject,
} from '@geoportal/contract/object';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as objects from './object.service.js';

const tags = ['objects'];
const security = [{ AccessToken: [] }];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
export const idParams = z.object({ id: ObjectId });

/** The object context of one request: database, time, caller and presented key. */
export function objectContext(
  app: FastifyInstance,
  request: FastifyRequest,
): objects.ObjectContext {
  const key = request.headers['x-access-key'];
  return {
    db: app.db,
    now: app.clock(),
    auth: request.auth,
    accessKey: typeof key === 'string' ? key : undefined,
  };
}

/** The detail level of `Accept: application/json; detail=…` (SPEC §3); normal by default. */
export function detailLevel(request: FastifyRequest): DetailLevel {
  const match = /detail=(summary|normal|detailed)\b/.exec(request.headers.accept ?? '');
  return (match?.[1] as DetailLevel | undefined) ?? 'normal';
}

/** Objects: create, read at a detail level, update with version check, delete, workflow, lists. */
export const objectRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/object',
    {
      schema: {
        tags,
        security,
        summary: 'Create a draft (submitters, editors, administrators)',
        body: CreateObject,
        response: { 201: ObjectNormal, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await objects.createObject(objectContext(app, request), request.body)),
  );

  app.put(
    '/object',
    {
      schema: {
        tags,
        security,
        summary: 'Save a record; answers 409 object.version_conflict when someone saved in between',
        body: UpdateObject,
        response: { 200: ObjectNormal, ...errors },
      },
    },
    async (request) => objects.updateObject(objectContext(app, request), request.body),
  );

  app.get(
    '/object',
    {
      schema: {
        tags,
        security,
        summary: 'Records the caller may read: own ones (owner=me), by state (review queue)',
        querystring: ObjectListQuery,
        response: { 200: ObjectList, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return objects.listObjects(objectContext(app, request), request.query);
    },
  );

  app.get(
    '/object/:id',
    {
      schema: {
        tags,
        security,
        summary: 'A record at the detail level of the Accept header (summary, normal, detailed)',
        description: 'Answers 404 both for missing records and for records the caller may not see.',
        params: idParams,
        response: { 200: z.union([ObjectDetailed, ObjectNormal, ObjectSummary]), ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return objects.getObject(
        objectContext(app, request),
        request.params.id,
        detailLevel(request),
      );
    },
  );

  app.delete(
    '/object/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a record',
        params: idParams,
        response: { 204: z.undefined(), ...errors },
      },
    },
    async (request, reply) => {
      await objects.deleteObject(objectContext(app, request), request.params.id);
      return reply.code(204).send();
    },
  );

  app.put(
    '/object/:id/state',
    {
      schema: {
        tags,
        security,
        summary: 'A workflow step: submit, publish, return to draft (with a comment), withdraw',
        params: idParams,
        body: StateChange,
        response: { 200: ObjectDetailed, ...errors },
      },
    },
    async (request) =>
      objects.changeState(objectContext(app, request), request.params.id, request.body),
  );
};
