import { ErrorBody } from '@geoportal/contract/errors';
import { MediaSource, MediaThumb, SubtitleTrack } from '@geoportal/contract/files';
import { ObjectId } from '@geoportal/contract/object';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendFile } from '../files/file-download.js';
import { findSource, listSources, listSubtitles, listThumbs } from './media.service.js';

const tags = ['media'];
const security = [{ AccessToken: [] }];
const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };
const idParams = z.object({ id: ObjectId });
const sourceParams = idParams.extend({
  type: z
    .string()
    .regex(/^(video|audio)\/[\w.+-]+$/i, 'is not a video/… or audio/… media type')
    .describe('A media type, URL-encoded: video%2Fmp4'),
});

/**
 * Media of a record (SPEC §7): playable sources, one source streamed by media type (Range,
 * validators and headers of the download), stills and WebVTT subtitles. Only files of
 * bundles the caller sees, on records they may read; URLs are relative to the API base.
 */
export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/media/sources/:id',
    {
      schema: {
        tags,
        security,
        summary: 'The video and audio files of a record, index files first',
        params: idParams,
        response: { 200: z.array(MediaSource), ...errors },
      },
    },
    async (request) => listSources(request.ctx, request.params.id),
  );

  app.route({
    method: ['GET', 'HEAD'],
    url: '/media/source/:id/:type',
    // The stored bytes as they are: length, ranges and the ETag are the file's.
    compress: false,
    schema: {
      tags,
      security,
      summary: 'Stream the first source of a media type (Range, conditional requests)',
      params: sourceParams,
      response: {
        200: z.any().describe('The media file’s bytes'),
        206: z.any().describe('One range of the file'),
        304: z.undefined(),
        ...errors,
        416: ErrorBody,
      },
    },
    handler: async (request, reply) => {
      const { id, type } = request.params as z.infer<typeof sourceParams>;
      const readable = await findSource(request.ctx, id, type);
      return sendFile(request, reply, request.ctx.store, readable.file, {
        publicAccess: readable.publicAccess,
      });
    },
  });

  app.get(
    '/media/thumbs/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Stills of a record’s media as preview URLs',
        description:
          'The images of the bundle `thumbs`, else the index image; each as its `small` ' +
          'preview URL with the size of that rendition.',
        params: idParams,
        response: { 200: z.array(MediaThumb), ...errors },
      },
    },
    async (request) => listThumbs(request.ctx, request.params.id),
  );

  app.get(
    '/media/subtitles/:id',
    {
      schema: {
        tags,
        security,
        summary: 'WebVTT subtitle tracks with language and label',
        description:
          'Files `*.vtt` that start with WEBVTT; `name.<lang>.vtt` gives the language ' +
          '(else `und`), labelled in the Accept-Language (de or en; else the file name).',
        params: idParams,
        response: { 200: z.array(SubtitleTrack), ...errors },
      },
    },
    async (request) => listSubtitles(request.ctx, request.params.id, request.ctx.language),
  );
};
