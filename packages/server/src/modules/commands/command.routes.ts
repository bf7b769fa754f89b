import {
  CommandCatalogue,
  CommandProcess,
  CommandResult,
  CommandRunInput,
  CommandUpload,
} from '@geoportal/contract/commands';
import { ErrorBody } from '@geoportal/contract/errors';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { administratorsOnly } from '../../http/guards.js';
import { contentDisposition } from '../files/media-type.js';
import {
  exportForCommand,
  listCommands,
  runCommands,
  uploadForCommand,
} from './command.service.js';

const tags = ['commands'];
const security = [{ AccessToken: [] }];
const denied = { 401: ErrorBody, 403: ErrorBody };
/** Largest file a command upload takes (it is read whole to unpack it). */
const UPLOAD_BYTES_MAX = 256 * 1024 ** 2;

/** `/commands…` (issue 23): the command console. Administrators only. */
export function commandRoutes(deps: { wake: () => void }): FastifyPluginAsyncZod {
  return async (app) => {
    // Before the upload's body is read; the inner upload plugin inherits the hook.
    app.addHook('onRequest', administratorsOnly('run commands'));
    const withCaches = <T extends object>(requestCtx: T) => ({
      ...requestCtx,
      caches: app.memoryCaches,
    });

    app.get(
      '/commands',
      {
        schema: {
          tags,
          security,
          summary: "The commands: syntax, arguments and help in the caller's language",
          response: { 200: CommandCatalogue, ...denied },
        },
      },
      async (request) => ({ items: listCommands(withCaches(request.ctx)) }),
    );

    app.post(
      '/commands/run',
      {
        schema: {
          tags,
          security,
          summary: 'Run one command line, or queue several',
          description:
            'A short command answers 200 with its output; a command flagged `process`, or ' +
            'several `lines`, answer 202 with a `command.run` process whose log is the output ' +
            '(follow it on `/processes/events`). Every line is checked first: 400 ' +
            '`command.unknown`, `command.syntax` or `command.argument_invalid` names the ' +
            'expected syntax, `command.line_invalid` an unclosed quote or a control character. ' +
            "A short command's refusal answers with the service's own status and code.",
          body: CommandRunInput,
          response: {
            200: CommandResult,
            202: CommandProcess,
            400: ErrorBody,
            ...denied,
            404: ErrorBody,
            409: ErrorBody,
            422: ErrorBody,
          },
        },
      },
      async (request, reply) => {
        const answer = await runCommands(withCaches(request.ctx), request.body);
        if ('result' in answer) return reply.code(200).send(answer.result);
        deps.wake();
        return reply.code(202).send({ process: answer.process });
      },
    );

    app.get(
      '/commands/exports/:name',
      {
        schema: {
          tags,
          security,
          summary: 'Download a file a command wrote (e.g. the ZIP of `export records to zip`)',
          description:
            'The name is the one the command printed. Exports are kept for 7 days (`purge ' +
            'expired` deletes older ones); any other name answers 404 `command.export_not_found`.',
          params: z.object({ name: z.string() }),
          response: {
            200: z.any().describe('application/zip'),
            ...denied,
            404: ErrorBody,
          },
        },
      },
      async (request, reply) => {
        const { stream, size } = await exportForCommand(
          withCaches(request.ctx),
          request.params.name,
        );
        return reply
          .type('application/zip')
          .header('content-length', size)
          .header('content-disposition', contentDisposition('attachment', request.params.name))
          .header('cache-control', 'no-store')
          .header('x-content-type-options', 'nosniff')
          .send(stream);
      },
    );

    await app.register(async (plain) => {
      const scope = plain.withTypeProvider<ZodTypeProvider>();
      scope.addContentTypeParser(
        ['application/zip', 'application/octet-stream'],
        { parseAs: 'buffer', bodyLimit: UPLOAD_BYTES_MAX },
        (_request, body, done) => done(null, body),
      );
      scope.post(
        '/commands/uploads',
        {
          bodyLimit: UPLOAD_BYTES_MAX,
          schema: {
            tags,
            security,
            summary: 'Upload a file for an {upload} argument (e.g. a ZIP of ISO 19139 records)',
            description:
              'The body is the file itself (`application/zip` or `application/octet-stream`). ' +
              'Answers the id to type as the argument.',
            consumes: ['application/zip', 'application/octet-stream'],
            body: z
              .custom<Buffer>((value) => Buffer.isBuffer(value), 'is not a file')
              .meta({ type: 'string', format: 'binary' }),
            response: {
              201: CommandUpload,
              400: ErrorBody,
              ...denied,
              413: ErrorBody,
              415: ErrorBody,
            },
          },
        },
        async (request, reply) =>
          reply.code(201).send(await uploadForCommand(withCaches(request.ctx), request.body)),
      );
    });
  };
}
