import { randomBytes } from 'node:crypto';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyReply {
    /** Per-response nonce that inline scripts of the rendered page carry. */
    scriptNonce: string;
  }
}

/**
 * Security headers on every response: `nosniff`, a strict referrer policy, no framing, and a
 * Content-Security-Policy that allows scripts only from this origin or with the response's
 * nonce (the server-rendered page's inline scripts carry it). Inline styles stay allowed:
 * the component library sets style attributes.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { apiOrigin?: string },
) {
  await app.register(helmet, {
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
  });
  // https: lets the map read map services directly (capabilities, feature info) where they
  // answer cross-origin reads; others go through the geo service's proxy. Tokens never go
  // there: the HTTP client sends them only to the API's own origin.
  const connect = ["'self'", ...(options.apiOrigin ? [options.apiOrigin] : []), 'https:'].join(' ');
  app.decorateReply('scriptNonce', '');
  app.addHook('onRequest', async (_request, reply) => {
    reply.scriptNonce = randomBytes(16).toString('base64');
  });
  app.addHook('onSend', async (_request, reply) => {
    // A route that states its own policy (the API docs) keeps it.
    if (reply.hasHeader('content-security-policy')) return;
    reply.header(
      'content-security-policy',
      [
        "default-src 'self'",
        `script-src 'self' 'nonce-${reply.scriptNonce}'`,
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob: https:",
        "font-src 'self' data:",
        `connect-src ${connect}`,
        "worker-src 'self' blob:",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
      ].join('; '),
    );
  });
}
