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

/**
 * Longest message an error body carries, in characters. Messages may quote the input (a
 * parser's tag stack, a validator's offending value): without a cap a 1 MB bad document
 * answered with a 3.4 MB message. 500 characters keep every sentence this server writes.
 */
export const MAX_ERROR_MESSAGE_CHARS = 500;
/** Longest field path, and most fields, one validation answer lists. */
export const MAX_FIELD_PATH_CHARS = 200;
export const MAX_ERROR_FIELDS = 100;

/** Cuts `text` to `max` characters, the last one an ellipsis, without splitting a surrogate pair. */
export function capText(text: string, max: number = MAX_ERROR_MESSAGE_CHARS): string {
  if (text.length <= max) return text;
  let cut = max - 1;
  const last = text.charCodeAt(cut - 1);
  if (last >= 0xd800 && last <= 0xdbff) cut -= 1; // a high surrogate without its pair
  return `${text.slice(0, cut)}…`;
}

/**
 * The error body with every message, field path and the field list capped: the size of an
 * error answer never grows with the size of the input.
 */
export function cappedErrorBody(
  status: number,
  code: string,
  message: string,
  fields?: ErrorBody['fields'],
): ErrorBody {
  const capped = fields?.slice(0, MAX_ERROR_FIELDS).map(({ path, message, ...problem }) => ({
    path: capText(path, MAX_FIELD_PATH_CHARS),
    message: capText(message),
    ...(problem.reason === undefined ? {} : { reason: capText(problem.reason) }),
    ...(problem.values === undefined ? {} : { values: cappedValues(problem.values) }),
    ...(problem.position === undefined ? {} : { position: problem.position }),
  }));
  return { status, code, message: capText(message), ...(capped ? { fields: capped } : {}) };
}

/** A field problem's values (they may quote the input) with every text capped. */
function cappedValues(values: Record<string, string | number>): Record<string, string | number> {
  return Object.fromEntries(
    Object.entries(values)
      .slice(0, MAX_ERROR_FIELDS)
      .map(([name, value]) => [name, typeof value === 'string' ? capText(value) : value]),
  );
}

/** Builds the uniform error body of DESIGN §4 (capped, `cappedErrorBody`) and sends it. */
export function sendError(
  reply: FastifyReply,
  status: number,
  code: string,
  message: string,
  fields?: ErrorBody['fields'],
) {
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .send(cappedErrorBody(status, code, message, fields));
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
