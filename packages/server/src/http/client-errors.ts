import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { ErrorCode } from '@geoportal/contract/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { cappedErrorBody, sendError } from './error-handler.js';

/**
 * Errors that happen before a request reaches a route, answered with the uniform body of
 * DESIGN §4 instead of Fastify's or Node's own:
 * - `frameworkErrors` (a Fastify option): the router could not take the URL apart;
 * - `clientErrorHandler` (a Fastify option, Node's `clientError` event): the bytes are not a
 *   request Node can parse — headers too large, Content-Length with Transfer-Encoding, a
 *   request that arrives too slowly. No request object exists then; the answer is written to
 *   the socket, which is closed after it.
 */

/** Fastify's `frameworkErrors` option. The URL is not quoted back: it may hold a credential. */
export function handleFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  switch (error.code) {
    case 'FST_ERR_BAD_URL':
      return sendError(
        reply,
        400,
        ErrorCode.badUrl,
        'The address is not valid: it holds a broken percent-encoding (such as a bare % or an overlong UTF-8 sequence like %c0%ae).',
      );
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return sendError(
        reply,
        414,
        ErrorCode.uriTooLong,
        'A part of the address is longer than this server accepts.',
      );
    default:
      request.log.error({ err: error }, 'request failed before routing');
      return sendError(
        reply,
        500,
        ErrorCode.internal,
        'An unexpected error occurred on the server. Please try again later.',
      );
  }
}

/** What a `clientError` answers: status, code and sentence by Node's error code. */
function describeClientError(code: string | undefined): {
  status: number;
  code: string;
  message: string;
} {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return {
        status: 431,
        code: ErrorCode.headersTooLarge,
        message: 'The request headers are larger than this server accepts.',
      };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
    case 'ERR_HTTP_HEADERS_TIMEOUT':
      return {
        status: 408,
        code: ErrorCode.requestTimeout,
        message: 'The request did not arrive in time.',
      };
    case 'HPE_UNEXPECTED_CONTENT_LENGTH':
    case 'HPE_INVALID_TRANSFER_ENCODING':
    case 'HPE_INVALID_CONTENT_LENGTH':
      return {
        status: 400,
        code: ErrorCode.malformedRequest,
        message:
          'The request cannot be read: its length is given twice or in a wrong form (for example Content-Length together with Transfer-Encoding).',
      };
    default:
      return {
        status: 400,
        code: ErrorCode.malformedRequest,
        message: 'The request is not valid HTTP and cannot be read.',
      };
  }
}

/**
 * Fastify's `clientErrorHandler` option (`this` is the instance): writes the uniform body as
 * a complete HTTP/1.1 answer and closes the connection. Only the error's code goes to the
 * log — Node attaches the raw bytes of the request, headers and their credentials included.
 */
export function handleClientError(
  this: FastifyInstance,
  error: NodeJS.ErrnoException,
  socket: Socket,
) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, code, message } = describeClientError(error.code);
  this.log.debug({ clientError: error.code, status }, 'unreadable request');
  // Node's own rule: no answer when one has begun on this connection already.
  const pending = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (!socket.writable || pending?.headersSent) {
    socket.destroy();
    return;
  }
  const body = JSON.stringify(cappedErrorBody(status, code, message));
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Connection: close\r\n\r\n' +
      body,
  );
  // A client that never reads must not keep the socket open.
  setTimeout(() => socket.destroy(), 1000).unref();
}
