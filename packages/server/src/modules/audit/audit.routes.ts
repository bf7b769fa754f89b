import { ErrorBody } from '@geoportal/contract/errors';
import { AuditList, AuditQuery } from '@geoportal/contract/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { administratorsOnly } from '../../http/guards.js';
import { listAudit, parseQuery } from './audit.service.js';

/** `GET /audit`: the audit log for administrators. It has no endpoint that changes it. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', administratorsOnly('see the audit log'));
  app.get(
    '/audit',
    {
      schema: {
        tags: ['audit'],
        security: [{ AccessToken: [] }],
        summary: 'Administrative, access-control and workflow changes, newest first',
        querystring: AuditQuery,
        response: { 200: AuditList, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listAudit(request.ctx.db, parseQuery(request.query));
    },
  );
};
