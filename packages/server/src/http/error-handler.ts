import { type ErrorBody, ErrorCode } from '@geoportal/contract/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from './errors.js';

/** Fastify's own client errors, mapped to our stable codes and clearer sentences. */
const fastifyErrors: Record<
  string,
  { code: string; message: (e: FastifyError, request: FastifyRequest) => string }
> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    code: ErrorCode.malformedJson,
    message: () => 'The request body is not valid JSON. Check quotes, commas and brackets.',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    code: ErrorCode.malformedJson,
    message: () => 'The request body is empty but its Content-Type says JSON. Send a JSON value.',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    code: ErrorCode.payloadTooLarge,
    message: () => 'The request body is larger than this server accepts.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: ErrorCode.badRequest,
    message: () => 'The Content-Length header does not match the body that was sent.',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: ErrorCode.unsupportedMediaType,
    // A route that takes other bodies (the XML import) names them in its schema's `consumes`.
    message: (e, request) => {
      const consumes = (request.routeOptions.schema as { consumes?: string[] } | undefined)
        ?.consumes ?? ['application/json'];
      return `${e.message}. Send ${consumes.join(' or ')}.`;
    },
  },
};

/** Builds the uniform error body of DESIGN §4 and sends it. */
export function sendError(
  reply: FastifyReply,
  status: number,
  code: string,
  message: string,
  fields?: ErrorBody['fields'],
) {
  const body: ErrorBody = { status, code, message, ...(fields ? { fields } : {}) };
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

/**
 * Answers every error with the uniform body: known errors with their own status and code,
 * validation errors with the offending fields, anything unexpected with a 500 whose details
 * go to the log only.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof HttpError) {
      return sendError(reply, error.status, error.code, error.message, error.fields);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = error.validation.map((issue) => ({
        path: [error.validationContext, ...issue.instancePath.split('/').filter(Boolean)].join('.'),
        message: issue.message ?? 'is invalid',
      }));
      const summary = fields.map((f) => `${f.path}: ${f.message}`).join('; ');
      return sendError(reply, 400, ErrorCode.validation, `Invalid request. ${summary}`, fields);
    }
    const known = error.code ? fastifyErrors[error.code] : undefined;
    const status = error.statusCode ?? 500;
    if (known) return sendError(reply, status, known.code, known.message(error, request));
    if (status === 429) {
      return sendError(
        reply,
        429,
        ErrorCode.tooManyRequests,
        'Too many requests. Wait a moment and try again.',
      );
    }
    if (status >= 400 && status < 500) {
      // Fastify's remaining client errors carry safe, specific messages.
      return sendError(reply, status, ErrorCode.badRequest, error.message);
    }
    request.log.error({ err: error }, 'request failed');
    return sendError(
      reply,
      500,
      ErrorCode.internal,
      'An unexpected error occurred on the server. Please try again later.',
    );
  });
}

/** Answers a request for which no route exists with a JSON 404 naming the method and path. */
export function sendRouteNotFound(request: FastifyRequest, reply: FastifyReply) {
  const path = (request.url.split('?')[0] ?? '').slice(0, 200);
  return sendError(
    reply,
    404,
    ErrorCode.notFound,
    `No endpoint answers ${request.method} ${path}.`,
  );
}

/** JSON 404 for unknown routes that no wildcard (like the web app's) catches. */
export function registerNotFoundHandler(app: FastifyInstance) {
  app.setNotFoundHandler(sendRouteNotFound);
}
