import type { FastifyError, FastifyPluginAsync, FastifyReply } from 'fastify';
import { HttpError } from '../../http/errors.js';
import { OaiError } from './oai.errors.js';
import { answer } from './oai.service.js';
import { errorElement, oaiDocument } from './oai-xml.js';

/** Largest POST form: the longest request is a resumption token of a few hundred bytes. */
export const OAI_BODY_LIMIT = 16 * 1024;

const XML = 'text/xml; charset=utf-8';

/** The query string of a request URL, as the harvester sent it (repeated names kept). */
const queryOf = (url: string) => url.slice(url.indexOf('?') + 1 || url.length);

/**
 * OAI-PMH 2.0 under `/oai`: requests by GET or by POST as an
 * `application/x-www-form-urlencoded` form (OAI-PMH 2.0 §3.1.1). Protocol errors are
 * `error` elements with HTTP 200, as the protocol demands; only problems of HTTP itself (a
 * body too large or not a form) keep their HTTP status, still with an OAI-PMH document.
 */
export const oaiRoutes: FastifyPluginAsync = async (app) => {
  const transportError = (reply: FastifyReply, status: number, message: string) =>
    reply
      .code(status)
      .type(XML)
      .send(
        oaiDocument(
          reply.request.ctx?.now ?? new Date(),
          `${app.config.publicUrl}/oai`,
          undefined,
          errorElement(new OaiError('badArgument', message)),
        ),
      );

  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    // The product's own refusals before the protocol (a session that must change its
    // password, say) keep their status and text.
    if (error instanceof HttpError) return transportError(reply, error.status, error.message);
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return transportError(
        reply,
        413,
        `The request body is larger than ${OAI_BODY_LIMIT / 1024} KiB.`,
      );
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return transportError(
        reply,
        415,
        'A POST request carries its arguments as application/x-www-form-urlencoded.',
      );
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) request.log.error({ err: error }, 'OAI-PMH request failed');
    return transportError(
      reply,
      status,
      status < 500
        ? 'The request could not be read.'
        : 'The repository failed to answer. Try again later.',
    );
  });
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: OAI_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

  app.get('/', async (request, reply) => {
    const params = new URLSearchParams(queryOf(request.raw.url ?? ''));
    return reply.type(XML).send(await answer(request.ctx, params));
  });

  app.post('/', { bodyLimit: OAI_BODY_LIMIT }, async (request, reply) => {
    if (typeof request.body !== 'string') {
      return transportError(
        reply,
        415,
        'A POST request carries its arguments as application/x-www-form-urlencoded.',
      );
    }
    return reply.type(XML).send(await answer(request.ctx, new URLSearchParams(request.body)));
  });
};
