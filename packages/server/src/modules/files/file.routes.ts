import fastifyMultipart from '@fastify/multipart';
import { ErrorBody, ErrorCode } from '@geoportal/contract/errors';
import { BundleDescription, UploadResult } from '@geoportal/contract/files';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../http/errors.js';
import { bundleParams, fileParams } from './bundle-params.js';
import { toFileEntry } from './bundle-view.js';
import * as files from './file.service.js';
import { sendFile } from './file-download.js';
import { fileLinkRoutes } from './file-links.routes.js';
import { encodeFilePath } from './file-path.js';
import { checkFilePath, receiveUpload } from './upload.js';

const tags = ['files'];
const security = [{ AccessToken: [] }];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const probe = { 202: z.undefined(), ...errors };

/**
 * Bundles and files of an object (SPEC §7): upload, bundle settings, index file, delete,
 * probes, and downloads. Registered after the object routes: their fixed words
 * (`state`, `try`, `accessKey/required`, …) win over `{bundle}` in the router.
 */
export const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  // Only this plugin's routes take multipart bodies.
  await app.register(fastifyMultipart, { throwFileSizeLimit: false });
  // Signed bearer and access-key URLs, bearer tokens, bundle ZIPs.
  await app.register(fileLinkRoutes);

  app.post(
    '/object/:id/:bundle/upload',
    {
      schema: {
        tags,
        security,
        summary: 'Upload a file into a bundle (multipart: file, filename)',
        description:
          'A `multipart/form-data` body with the part `file` and optionally the field `filename`, ' +
          'the path inside the bundle (sub-folders with /; without it the part’s file name). ' +
          'Send `filename` first so that a bad name is refused before the bytes travel. Needs ' +
          'write permission on the record. The bundle is created on first upload. The same path ' +
          'again replaces the file. The media type is sniffed from the bytes. Larger than ' +
          'MAX_UPLOAD_BYTES: 413, nothing stored.',
        consumes: ['multipart/form-data'],
        params: bundleParams,
        response: { 201: UploadResult, ...errors, 413: ErrorBody, 415: ErrorBody, 507: ErrorBody },
      },
    },
    async (request, reply) => {
      const { ctx } = request;
      const { id, bundle } = request.params;
      try {
        if (!request.isMultipart()) {
          throw new HttpError(
            415,
            ErrorCode.unsupportedMediaType,
            'Send the file as multipart/form-data with a part named "file".',
          );
        }
        await files.authorizeUpload(ctx, id);
        const upload = await receiveUpload(request, ctx.store, ctx.config.maxUploadBytes);
        const row = await files.storeUpload(ctx, { objectId: id, bundle, ...upload });
        return reply.code(201).send({
          url: `${request.ctx.config.apiBase}/object/${id}/${bundle}/${encodeFilePath(row.path)}`,
          type: row.media_type,
          size: row.size,
          filename: row.path.slice(row.path.lastIndexOf('/') + 1),
          file: toFileEntry(row),
        });
      } catch (error) {
        // Refused before the body was read: close the connection instead of reading the
        // rest of a possibly huge upload only to discard it.
        if (!request.raw.readableEnded) reply.header('connection', 'close');
        throw error;
      }
    },
  );

  app.put(
    '/object/:id/:bundle/display',
    {
      schema: {
        tags,
        security,
        summary: 'Show the bundle to readers (true) or only to those who may write (false)',
        params: bundleParams,
        body: z.boolean(),
        response: { 204: z.undefined(), ...errors },
      },
    },
    async (request, reply) => {
      const { id, bundle } = request.params;
      await files.setDisplay(request.ctx, id, bundle, request.body);
      return reply.code(204).send();
    },
  );

  app.put(
    '/object/:id/:bundle/description',
    {
      schema: {
        tags,
        security,
        summary: 'Set the bundle’s description (a JSON string)',
        params: bundleParams,
        body: BundleDescription,
        response: { 204: z.undefined(), ...errors },
      },
    },
    async (request, reply) => {
      const { id, bundle } = request.params;
      await files.setDescription(request.ctx, id, bundle, request.body);
      return reply.code(204).send();
    },
  );

  app.put(
    '/object/:id/:bundle/index/*',
    {
      schema: {
        tags,
        security,
        summary: 'Make the file the bundle’s index file (true) or clear the flag (false)',
        params: fileParams,
        body: z.boolean(),
        response: { 204: z.undefined(), ...errors },
      },
    },
    async (request, reply) => {
      const { id, bundle } = request.params;
      const path = checkFilePath(request.params['*']);
      await files.setIndex(request.ctx, id, bundle, path, request.body);
      return reply.code(204).send();
    },
  );

  app.delete(
    '/object/:id/:bundle/delete/*',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a file (needs write permission on the record)',
        params: fileParams,
        response: { 204: z.undefined(), ...errors },
      },
    },
    async (request, reply) => {
      const { id, bundle } = request.params;
      const path = checkFilePath(request.params['*']);
      await files.deleteFile(request.ctx, id, bundle, path);
      return reply.code(204).send();
    },
  );

  for (const [method, permission] of [
    ['get', 'read'],
    ['put', 'write'],
    ['delete', 'delete'],
  ] as const) {
    app[method](
      '/object/:id/:bundle/try',
      {
        schema: {
          tags,
          security,
          summary: `Probe: may the caller ${permission} this bundle?`,
          params: bundleParams,
          response: probe,
        },
      },
      async (request, reply) => {
        const { id, bundle } = request.params;
        await files.probeBundle(request.ctx, id, bundle, permission);
        return reply.code(202).send(undefined);
      },
    );
  }

  for (const [method, permission] of [
    ['get', 'read'],
    ['put', 'write'],
  ] as const) {
    app[method](
      '/object/:id/:bundle/accessKey/required',
      {
        schema: {
          tags,
          summary: `Whether an access key would give the caller ${permission} access to the bundle`,
          params: bundleParams,
          response: { 200: z.boolean(), ...errors },
        },
      },
      async (request) => {
        const { id, bundle } = request.params;
        return files.bundleAccessKeyRequired(request.ctx, id, bundle, permission);
      },
    );
  }

  app.route({
    method: ['GET', 'HEAD'],
    url: '/object/:id/:bundle/*',
    // The stored bytes as they are: length, ranges and the ETag are the file's.
    compress: false,
    schema: {
      tags,
      security,
      summary: 'Download a file (Range, conditional requests)',
      description:
        'Streams the file. One `Range: bytes=…` gives 206 (several ranges: the whole file); a ' +
        'range outside the file is 416. `ETag` is the SHA-256; `If-None-Match` / ' +
        '`If-Modified-Since` answer 304, `If-Range` is honoured. HTML, SVG, XML and other active ' +
        'or unknown types are sent as attachments under a sandboxing Content-Security-Policy.',
      params: fileParams,
      response: {
        200: z.any().describe('The file’s bytes'),
        206: z.any().describe('One range of the file'),
        304: z.undefined(),
        ...errors,
        416: ErrorBody,
      },
    },
    handler: async (request, reply) => {
      const { id, bundle } = request.params as z.infer<typeof fileParams>;
      const path = checkFilePath((request.params as z.infer<typeof fileParams>)['*']);
      const { ctx } = request;
      const readable = await files.loadReadableFile(ctx, id, bundle, path);
      return sendFile(request, reply, request.ctx.store, readable.file, {
        publicAccess: readable.publicAccess,
      });
    },
  });
};
