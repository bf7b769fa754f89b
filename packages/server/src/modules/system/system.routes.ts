import { GitInfo, Health } from '@geoportal/contract/system';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isDatabaseReachable } from '../../db/database.js';
import { getProductVersion } from './git-info.js';

/** `GET /health`: whether this process and its database can serve requests. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Health of the service and its database',
        description: 'Answers 200 when the database accepts queries, 503 when it does not.',
        response: { 200: Health, 503: Health },
      },
    },
    async (request, reply) => {
      const up = await isDatabaseReachable(request.ctx.db);
      reply.header('cache-control', 'no-store');
      return reply.code(up ? 200 : 503).send({
        status: up ? 'ok' : 'unavailable',
        database: up ? 'up' : 'down',
        version: getProductVersion(),
      });
    },
  );
};

/** `GET /assets/git.json`: commit, branch, build time and version of the running build. */
export function gitInfoRoutes(gitInfo: GitInfo): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/assets/git.json',
      {
        schema: {
          tags: ['system'],
          summary: 'Build description (commit, branch, build time, version)',
          response: { 200: GitInfo },
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'no-cache');
        return gitInfo;
      },
    );
  };
}
