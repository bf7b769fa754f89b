import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import {
  OutboundTimeoutError,
  OutboundTooLargeError,
  OutboundUpstreamError,
} from '../outbound/outbound.errors.js';
import { MAP_SERVICE } from './geo.errors.js';

/**
 * How the proxy carries an upstream answer's body. It reads ahead at most `LOOKAHEAD_BYTES`
 * before anything goes out: an answer that ends within them (capabilities, feature info,
 * legends, most tiles) is sent whole, so a cut, oversize or stalled small answer is still a
 * clean JSON error. A longer answer is streamed from there on with back-pressure: the proxy
 * reads from the map server only as fast as the caller takes it, so each exchange holds a few
 * dozen KiB however large the answer is. Once it streams, the status has gone out; passing the
 * size limit or stalling then cuts the connection, and the caller sees an incomplete answer.
 */

/** Read before the answer's status is committed; an answer of at most this size goes whole. */
export const LOOKAHEAD_BYTES = 64 * 1024;

/** The start of an answer, and whether it was all of it. */
export interface AnswerStart {
  chunks: Buffer[];
  size: number;
  ended: boolean;
}

/**
 * Reads `response` until it ends or `lookahead` bytes have come; then leaves it paused.
 * Rejects with OutboundTooLargeError past `maxBytes`, and with the stream's error (the deadline's
 * abort, a reset) or an upstream error when it closes before its end.
 */
export function readStart(
  response: IncomingMessage,
  lookahead: number,
  maxBytes: number,
): Promise<AnswerStart> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const settle = (action: () => void) => {
      response.off('data', onData);
      response.off('end', onEnd);
      response.off('error', onError);
      response.off('close', onClose);
      action();
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        response.destroy();
        settle(() => reject(new OutboundTooLargeError(maxBytes, MAP_SERVICE)));
        return;
      }
      chunks.push(chunk);
      if (size >= lookahead) {
        response.pause();
        settle(() => resolve({ chunks, size, ended: false }));
      }
    };
    const onEnd = () => settle(() => resolve({ chunks, size, ended: true }));
    const onError = (error: Error) => settle(() => reject(error));
    const onClose = () =>
      settle(() =>
        reject(
          new OutboundUpstreamError('the connection closed before the answer ended', MAP_SERVICE),
        ),
      );
    response.on('data', onData);
    response.on('end', onEnd);
    response.on('error', onError);
    response.on('close', onClose);
  });
}

/**
 * The rest of a long answer as a stream for the reply: first the chunks read ahead, then what
 * the map server sends, pulled only when the caller has taken the previous ones. It fails
 * (and the map server's connection is closed) when more than `maxBytes` arrive in all, when
 * nothing moves in either direction for `idleMs`, or when the map server's connection ends
 * early; destroying it (the caller went away) closes the map server's connection too.
 */
export function streamRest(
  response: IncomingMessage,
  start: AnswerStart,
  maxBytes: number,
  idleMs: number,
): Readable {
  let size = start.size;
  let ended = false;
  let timer: NodeJS.Timeout | undefined;
  const body = new Readable({
    read() {
      response.resume();
    },
    destroy(error, callback) {
      clearTimeout(timer);
      response.destroy();
      callback(error);
    },
  });
  const restartTimer = () => {
    clearTimeout(timer);
    timer = setTimeout(() => body.destroy(new OutboundTimeoutError(idleMs, MAP_SERVICE)), idleMs);
  };
  for (const chunk of start.chunks) body.push(chunk);
  restartTimer();
  response.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > maxBytes) {
      body.destroy(new OutboundTooLargeError(maxBytes, MAP_SERVICE));
      return;
    }
    restartTimer();
    if (!body.push(chunk)) response.pause();
  });
  response.on('end', () => {
    ended = true;
    clearTimeout(timer);
    body.push(null);
  });
  response.on('error', (error) => body.destroy(error));
  response.on('close', () => {
    if (!ended) {
      body.destroy(
        new OutboundUpstreamError('the connection closed before the answer ended', MAP_SERVICE),
      );
    }
  });
  return body;
}
