import type { FastifyInstance, FastifyRequest, FastifyServerOptions } from 'fastify';
import type { LogFormat, LogLevel } from '../config.js';

/** Where log lines go: anything with `write(line)`, like a file or a test's collector. */
export interface LogStream {
  write(line: string): void;
}

/** What stands in the log where a credential was. */
export const REDACTED = '[redacted]';

/**
 * Request headers that carry credentials: the session (`AccessToken`, DESIGN §4), access keys
 * (`X-Access-Key`), any `Authorization` (also of a proxy), cookies (the session cookie of a
 * browser, the CSRF cookie) and the CSRF header that repeats it. Names in lower case, as Node
 * delivers them.
 */
export const SECRET_HEADERS = [
  'accesstoken',
  'x-access-key',
  'authorization',
  'proxy-authorization',
  'cookie',
  'x-xsrf-token',
] as const;

/** Where headers may sit in a logged object: pino's `redact` paths for each secret header. */
const HEADER_HOLDERS = [
  'req.headers',
  'request.headers',
  'headers',
  'res.headers',
  'reply.headers',
];

const redactPaths = [
  ...HEADER_HOLDERS.flatMap((holder) =>
    [...SECRET_HEADERS, 'set-cookie'].map((name) => `${holder}["${name}"]`),
  ),
];

/**
 * Query parameters whose value is a credential, by how the name ends: `token`,
 * `access_token`, `accessKey`, `api_key`, `apikey`, `secret`, `password`, `X-Amz-Signature`,
 * `sig`, `session`, `auth`, `credentials`… (not `keyword` or `author`).
 */
const SECRET_PARAM =
  /(token|key|secret|password|passwd|pwd|signature|sig|session|sessionid|auth|credential)s?$/i;

/** The URL forms whose path holds a credential: `/object/{bearer|accesskey}-{id}/{bundle}/{token}/…`. */
const LINK_PREFIX = /^(bearer|accesskey)-/i;

/** An access-key secret (`<16-character id>.<43-character secret>`, access-keys.ts) anywhere. */
const ACCESS_KEY_SECRET = /[A-Za-z0-9_-]{16}(\.|%2e)[A-Za-z0-9_-]{43}/gi;

function decodeLoosely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * A request URL fit for the log: the token segment of signed and access-key file URLs,
 * anything shaped like an access-key secret, and the values of query parameters named like
 * credentials (also inside a URL passed as a parameter, such as the map proxy's `url`)
 * become `[redacted]`.
 */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const pathPart = queryAt === -1 ? url : url.slice(0, queryAt);
  const query = queryAt === -1 ? undefined : url.slice(queryAt + 1);
  const segments = pathPart.split('/');
  for (let i = 0; i + 3 < segments.length; i++) {
    // The router decodes percent-escapes, so `%62earer-…` reaches the same route.
    if (
      decodeLoosely(segments[i] as string) === 'object' &&
      LINK_PREFIX.test(decodeLoosely(segments[i + 1] as string))
    ) {
      segments[i + 3] = REDACTED;
    }
  }
  let redacted = segments.join('/').replace(ACCESS_KEY_SECRET, REDACTED);
  if (query !== undefined) redacted += `?${redactQuery(query)}`;
  return redacted;
}

function redactQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq === -1) return pair.replace(ACCESS_KEY_SECRET, REDACTED);
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      if (SECRET_PARAM.test(decodeLoosely(name))) return `${name}=${REDACTED}`;
      const decoded = decodeLoosely(value.replace(/\+/g, ' '));
      // A URL as a value (the map proxy's `url`) may carry credentials of its own.
      if (/^https?:\/\//i.test(decoded)) {
        const inner = redactUrl(decoded);
        return inner === decoded ? pair : `${name}=${encodeURIComponent(inner)}`;
      }
      return `${name}=${value.replace(ACCESS_KEY_SECRET, REDACTED)}`;
    })
    .join('&');
}

/** Fastify's own request serializer, with the URL passed through `redactUrl`. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    version: [request.headers?.['accept-version']].flat()[0],
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * The logger of the app: pino at the configured level, writing to `stream` (standard output
 * when not given), with credentials kept out of every line: the request URL rewritten by the
 * `req` serializer, the secret headers censored wherever a logged object holds headers.
 * Standard output gets readable lines (pino-pretty) when `format` is `pretty`, or when it is
 * unset and the output is a terminal; otherwise one JSON object per line.
 */
export function loggerOptions(
  level: LogLevel,
  stream?: LogStream,
  format?: LogFormat,
): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  const pretty = !stream && (format ?? (process.stdout.isTTY ? 'pretty' : 'json')) === 'pretty';
  return {
    level,
    ...(stream ? { stream } : {}),
    ...(pretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', singleLine: true },
          },
        }
      : {}),
    redact: { paths: redactPaths, censor: REDACTED },
    serializers: { req: serializeRequest },
  };
}

/** The level an answer is logged at: errors stand out, successes only when debugging. */
export function requestLogLevel(status: number): 'debug' | 'info' | 'error' {
  if (status >= 500) return 'error';
  if (status >= 400) return 'info';
  return 'debug';
}

/**
 * One line per answer, with method, URL (redacted), status and time, instead of Fastify's
 * two lines per request at `info`: a busy portal's log would otherwise be mostly successes.
 */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    const level = requestLogLevel(reply.statusCode);
    request.log[level](
      {
        req: request,
        res: { statusCode: reply.statusCode },
        responseTime: Math.round(reply.elapsedTime),
      },
      'request completed',
    );
  });
}
