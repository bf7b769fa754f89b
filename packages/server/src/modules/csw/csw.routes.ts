import type { FastifyError, FastifyPluginAsync, FastifyReply } from 'fastify';
import { capText } from '../../http/error-handler.js';
import { HttpError } from '../../http/errors.js';
import { FilterInvalidError } from '../search/filter-expr.js';
import { CswException } from './csw.errors.js';
import { answer } from './csw.service.js';
import { fromKvp, fromXml } from './csw-request.js';
import { exceptionReport } from './csw-xml.js';

/** Largest POST body: a request with the largest filter allowed is a few kilobytes. */
export const CSW_BODY_LIMIT = 256 * 1024;

const XML = 'application/xml; charset=utf-8';

/** Fastify's own refusals (body too large, wrong media type, bad length) as OWS exceptions. */
function asException(error: FastifyError | HttpError): CswException {
  if (error instanceof HttpError) {
    return new CswException('NoApplicableCode', error.message, undefined, error.status);
  }
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return new CswException(
      'NoApplicableCode',
      `The request body is larger than ${CSW_BODY_LIMIT / 1024} KiB.`,
      'request',
      413,
    );
  }
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return new CswException(
      'NoApplicableCode',
      'A POST request carries an XML document: send it as application/xml or text/xml.',
      'request',
      415,
    );
  }
  const status = error.statusCode ?? 500;
  return new CswException(
    'NoApplicableCode',
    status < 500 ? capText(error.message) : 'The service failed to answer. Try again later.',
    undefined,
    status,
  );
}

function send(reply: FastifyReply, error: CswException) {
  return reply.code(error.status).type(XML).send(exceptionReport(error));
}

/**
 * The catalogue service (CSW 2.0.2) under `/csw`: key-value pairs by GET, XML documents by
 * POST. Every problem is an OWS exception report, as the standard demands, never the API's
 * JSON error body.
 */
export const cswRoutes: FastifyPluginAsync = async (app) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof CswException) return send(reply, error);
    // The shared filter translation's refusals concern the constraint.
    if (error instanceof FilterInvalidError) {
      return send(reply, new CswException('InvalidParameterValue', error.message, 'Constraint'));
    }
    const exception = asException(error);
    if (exception.status >= 500) request.log.error({ err: error }, 'CSW request failed');
    return send(reply, exception);
  });
  app.addContentTypeParser(
    ['application/xml', 'text/xml'],
    { parseAs: 'buffer', bodyLimit: CSW_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

  app.get('/', async (request, reply) => {
    const cswRequest = fromKvp(
      request.query as Record<string, string | string[] | undefined>,
      request.ctx.config.csw.maxRecords,
    );
    return reply.type(XML).send(await answer(request.ctx, cswRequest));
  });

  app.post('/', { bodyLimit: CSW_BODY_LIMIT }, async (request, reply) => {
    const body = request.body;
    if (!Buffer.isBuffer(body)) {
      throw new CswException(
        'NoApplicableCode',
        'The POST body must be a CSW request as XML.',
        'request',
        415,
      );
    }
    // INSPIRE's LANGUAGE may also come with the URL of a POST (names in any case).
    const query = request.query as Record<string, unknown>;
    const language = Object.entries(query).find(([key]) => key.toLowerCase() === 'language')?.[1];
    const cswRequest = fromXml(
      body,
      request.ctx.config.csw.maxRecords,
      typeof language === 'string' ? language : undefined,
    );
    return reply.type(XML).send(await answer(request.ctx, cswRequest));
  });
};
