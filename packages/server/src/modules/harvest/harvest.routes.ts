import { ErrorBody } from '@geoportal/contract/errors';
import {
  Harvester,
  HarvesterInput,
  HarvesterList,
  HarvesterTestInput,
  HarvesterTestResult,
  HarvestRunList,
  harvesterLimits,
} from '@geoportal/contract/harvester';
import { Process } from '@geoportal/contract/processes';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { administratorsOnly } from '../../http/guards.js';
import { matchesRule } from '../outbound/address-policy.js';
import type { Resolve } from '../outbound/outbound.service.js';
import { harvesterInvalid, MANAGE_HARVESTERS } from './harvest.errors.js';
import {
  createHarvester,
  deleteHarvester,
  getHarvester,
  listHarvesters,
  listRuns,
  runHarvester,
  updateHarvester,
} from './harvest.service.js';
import { probeSource } from './harvest-probe.js';
import { harvestFetch } from './harvest-run.js';

const tags = ['harvesters'];
const security = [{ AccessToken: [] }];
const Id = z.object({ id: z.string().max(100) });
const denied = { 401: ErrorBody, 403: ErrorBody };

/**
 * A body that does not fit is 400 `harvester.invalid` with its fields (the form marks them).
 * Only administrators get here (the plugin's `onRequest` hook refuses others before the
 * body is read): others learn nothing about the shape.
 */
function checkedBody(request: FastifyRequest) {
  const error = request.validationError;
  if (!error) return;
  const issues = (error as { validation?: { instancePath?: string; message?: string }[] })
    .validation ?? [{ instancePath: '', message: error.message }];
  const fields = issues.map((issue) => ({
    path: ['body', ...(issue.instancePath ?? '').split('/').filter(Boolean)].join('.'),
    message: issue.message ?? 'is invalid',
  }));
  throw harvesterInvalid(
    `The harvester is not valid: ${fields.map((f) => `${f.path} ${f.message}`).join('; ')}`,
    fields,
  );
}

/** `/harvesters…` (issue 25): remote catalogues, their runs and a connection test. Administrators only. */
export function harvestRoutes(deps: { wake: () => void; resolve: Resolve }): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', administratorsOnly(MANAGE_HARVESTERS));
    const allowPrivate = (host: string, port: number) =>
      app.config.harvest.allowPrivate.some((rule) => matchesRule(rule, host, port));

    app.get(
      '/harvesters',
      {
        schema: {
          tags,
          security,
          summary: 'The harvesters with their record count and last run',
          response: { 200: HarvesterList, ...denied },
        },
      },
      async (request) => ({ harvesters: await listHarvesters(request.ctx) }),
    );

    app.post(
      '/harvesters',
      {
        attachValidation: true,
        schema: {
          tags,
          security,
          summary: 'Add a harvester (201)',
          description:
            'A body that does not fit is 400 harvester.invalid with its fields; an address the portal refuses is 400 harvester.refused_url.',
          body: HarvesterInput,
          response: { 201: Harvester, 400: ErrorBody, ...denied },
        },
      },
      async (request, reply) => {
        checkedBody(request);
        const created = await createHarvester(request.ctx, request.body, allowPrivate);
        return reply.code(201).send(created);
      },
    );

    app.post(
      '/harvesters/test',
      {
        attachValidation: true,
        schema: {
          tags,
          security,
          summary:
            "Ask a remote catalogue for its title and record count (the form's connection test)",
          description:
            'Always 200 for administrators: { ok: true, title, records } or { ok: false, code, message }.',
          body: HarvesterTestInput,
          response: { 200: HarvesterTestResult, 400: ErrorBody, ...denied },
        },
      },
      async (request) => {
        checkedBody(request);
        return probeSource(
          request.body.source,
          // A person waits for the answer: the proxy's shorter time limit.
          harvestFetch(app.config, deps.resolve, undefined, app.config.geo.proxyTimeoutMs),
        );
      },
    );

    app.get(
      '/harvesters/:id',
      {
        schema: {
          tags,
          security,
          summary: 'One harvester',
          params: Id,
          response: { 200: Harvester, 404: ErrorBody, ...denied },
        },
      },
      async (request) => getHarvester(request.ctx, request.params.id),
    );

    app.put(
      '/harvesters/:id',
      {
        attachValidation: true,
        schema: {
          tags,
          security,
          summary: 'Change a harvester',
          params: Id,
          body: HarvesterInput,
          response: { 200: Harvester, 400: ErrorBody, 404: ErrorBody, ...denied },
        },
      },
      async (request) => {
        checkedBody(request);
        return updateHarvester(request.ctx, request.params.id, request.body, allowPrivate);
      },
    );

    app.delete(
      '/harvesters/:id',
      {
        schema: {
          tags,
          security,
          summary: 'Remove a harvester and its records, as a process (202)',
          description: 'While a run is queued or running: 409 harvester.running.',
          params: Id,
          response: {
            202: z.object({ process: Process }),
            404: ErrorBody,
            409: ErrorBody,
            ...denied,
          },
        },
      },
      async (request, reply) => {
        const process = await deleteHarvester(request.ctx, request.params.id);
        deps.wake();
        return reply.code(202).send({ process });
      },
    );

    app.post(
      '/harvesters/:id/run',
      {
        schema: {
          tags,
          security,
          summary: 'Run a harvester now, as a process (202)',
          description: 'While a run is queued or running: 409 harvester.running.',
          params: Id,
          response: { 202: Process, 404: ErrorBody, 409: ErrorBody, ...denied },
        },
      },
      async (request, reply) => {
        const process = await runHarvester(request.ctx, request.params.id);
        deps.wake();
        return reply.code(202).send(process);
      },
    );

    app.get(
      '/harvesters/:id/runs',
      {
        schema: {
          tags,
          security,
          summary: "A harvester's runs, newest first",
          params: Id,
          response: { 200: HarvestRunList, 404: ErrorBody, ...denied },
        },
      },
      async (request) => ({
        runs: await listRuns(request.ctx, request.params.id, harvesterLimits.runsMax),
      }),
    );
  };
}
