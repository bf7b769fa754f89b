import { ErrorBody } from '@geoportal/contract/errors';
import {
  Process,
  ProcessList,
  ProcessListQuery,
  ProcessLog,
  ProcessLogQuery,
  ProcessStartInput,
  Schedule,
  ScheduleInput,
  ScheduleList,
} from '@geoportal/contract/processes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { administratorsOnly } from '../../http/guards.js';
import { appContext } from '../../http/request-context.js';
import { CONTROL_PROCESSES } from './process.errors.js';
import {
  cancelProcess,
  createSchedule,
  deleteSchedule,
  getProcess,
  listProcesses,
  listSchedules,
  mayFollowEvents,
  readProcessLog,
  retryProcess,
  startProcess,
  updateSchedule,
} from './process.service.js';
import type { ProcessEvents } from './process-events.js';

const tags = ['processes'];
const security = [{ AccessToken: [] }];
const Id = z.object({ id: z.string().max(100) });
const denied = { 401: ErrorBody, 403: ErrorBody };

/** `/processes…` (issue 20): jobs, their logs, the live stream and the schedules. Administrators only. */
export function processRoutes(deps: {
  events: ProcessEvents;
  wake: () => void;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', administratorsOnly(CONTROL_PROCESSES));

    app.get(
      '/processes',
      {
        schema: {
          tags,
          security,
          summary: 'Background processes, newest first, filtered by state and kind',
          querystring: ProcessListQuery,
          response: { 200: ProcessList, 400: ErrorBody, ...denied },
        },
      },
      async (request) => listProcesses(request.ctx, request.query),
    );

    app.post(
      '/processes',
      {
        schema: {
          tags,
          security,
          summary: 'Queue a process of a kind with its parameters (202)',
          description:
            'Unknown kinds answer 400 process.unknown_kind; bad parameters 400 request.validation.',
          body: ProcessStartInput,
          response: { 202: Process, 400: ErrorBody, ...denied },
        },
      },
      async (request, reply) => {
        const process = await startProcess(request.ctx, request.body);
        deps.wake();
        return reply.code(202).send(process);
      },
    );

    app.get(
      '/processes/events',
      {
        schema: {
          tags,
          security,
          summary:
            'Server-Sent Events: every change of a process (event "process", data a Process)',
          response: { ...denied },
        },
      },
      async (request, reply) => {
        reply.hijack();
        const raw = reply.raw;
        raw.writeHead(200, {
          ...(reply.getHeaders() as Record<string, string>),
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-store',
          'x-accel-buffering': 'no',
          // The stream is the connection's last answer: ending it on shutdown closes it.
          connection: 'close',
        });
        const end = () => {
          raw.end();
          raw.socket?.destroy();
        };
        const token = String(request.headers.accesstoken ?? '');
        // One batch after the other, each written only while the session still may follow
        // (signed in, an administrator, no password change pending): a session that ended
        // (disabled, deleted, password reset, role taken away, expired) closes its streams.
        let writing = Promise.resolve();
        const whileAllowed = (write: () => void) => {
          writing = writing
            .then(async () => {
              if (raw.destroyed || raw.writableEnded) return;
              if (await mayFollowEvents(appContext(app), token)) write();
              else end();
            })
            .catch((err) => {
              request.log.warn({ err }, 'checking the session of a process stream failed');
              end();
            });
        };
        // A comment now and then keeps proxies from closing a quiet stream, and closes the
        // stream of a session that has ended meanwhile.
        const keepAlive = setInterval(
          () => whileAllowed(() => raw.write(': keep-alive\n\n')),
          15_000,
        );
        keepAlive.unref();
        const unsubscribe = deps.events.subscribe(
          (processes) =>
            whileAllowed(() => {
              for (const process of processes) {
                raw.write(`event: process\ndata: ${JSON.stringify(process)}\n\n`);
              }
            }),
          end,
        );
        request.raw.once('close', () => {
          clearInterval(keepAlive);
          unsubscribe();
        });
        // The first line (and with it the headers) once the stream reads from a known point:
        // a client that has it sees every later change, e.g. of a job it starts then.
        await deps.events.positioned();
        if (!raw.destroyed && !raw.writableEnded) raw.write('retry: 3000\n\n');
      },
    );

    app.get(
      '/processes/schedules',
      {
        schema: {
          tags,
          security,
          summary: 'The schedules with their next due time',
          response: { 200: ScheduleList, ...denied },
        },
      },
      async (request) => ({ items: await listSchedules(request.ctx) }),
    );

    app.post(
      '/processes/schedules',
      {
        schema: {
          tags,
          security,
          summary: 'Add a schedule (cron expression in UTC)',
          body: ScheduleInput,
          response: { 201: Schedule, 400: ErrorBody, ...denied },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await createSchedule(request.ctx, request.body)),
    );

    app.put(
      '/processes/schedules/:id',
      {
        schema: {
          tags,
          security,
          summary: 'Change a schedule',
          params: Id,
          body: ScheduleInput,
          response: { 200: Schedule, 400: ErrorBody, ...denied, 404: ErrorBody },
        },
      },
      async (request) => updateSchedule(request.ctx, request.params.id, request.body),
    );

    app.delete(
      '/processes/schedules/:id',
      {
        schema: {
          tags,
          security,
          summary: 'Delete a schedule (its past processes stay)',
          params: Id,
          response: { 204: z.undefined(), ...denied, 404: ErrorBody },
        },
      },
      async (request, reply) => {
        await deleteSchedule(request.ctx, request.params.id);
        return reply.code(204).send();
      },
    );

    app.get(
      '/processes/:id',
      {
        schema: {
          tags,
          security,
          summary: 'One process',
          params: Id,
          response: { 200: Process, ...denied, 404: ErrorBody },
        },
      },
      async (request) => getProcess(request.ctx, request.params.id),
    );

    app.get(
      '/processes/:id/log',
      {
        schema: {
          tags,
          security,
          summary: 'Log lines of a process after line `after` (readable while it runs)',
          params: Id,
          querystring: ProcessLogQuery,
          response: { 200: ProcessLog, 400: ErrorBody, ...denied, 404: ErrorBody },
        },
      },
      async (request) =>
        readProcessLog(request.ctx, request.params.id, request.query.after, request.query.rows),
    );

    app.post(
      '/processes/:id/cancel',
      {
        schema: {
          tags,
          security,
          summary: 'Cancel: a queued process at once, a running one at its next checkpoint',
          params: Id,
          response: { 202: Process, ...denied, 404: ErrorBody, 409: ErrorBody },
        },
      },
      async (request, reply) =>
        reply.code(202).send(await cancelProcess(request.ctx, request.params.id)),
    );

    app.post(
      '/processes/:id/retry',
      {
        schema: {
          tags,
          security,
          summary: 'Queue a failed or canceled process again, with all its tries',
          params: Id,
          response: { 202: Process, ...denied, 404: ErrorBody, 409: ErrorBody },
        },
      },
      async (request, reply) => {
        const process = await retryProcess(request.ctx, request.params.id);
        deps.wake();
        return reply.code(202).send(process);
      },
    );
  };
}
