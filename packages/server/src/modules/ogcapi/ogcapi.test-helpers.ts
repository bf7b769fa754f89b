import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

/** What a test needs of the items' answer. */
export interface ItemsAnswer {
  status: number;
  numberMatched: number;
  numberReturned: number;
  ids: string[];
  features: {
    id: string;
    properties: Record<string, unknown>;
    links: { href: string; rel: string; type?: string }[];
  }[];
  links: { href: string; rel: string; type?: string }[];
}

/** GETs a path under /ogcapi. */
export async function ogcGet(
  app: FastifyInstance,
  path: string,
  headers: Record<string, string> = {},
) {
  return app.inject({ method: 'GET', url: `/ogcapi${path}`, headers });
}

/** GETs the items with these parameters; expects 200. */
export async function items(
  app: FastifyInstance,
  params: Record<string, string> = {},
  headers: Record<string, string> = {},
): Promise<ItemsAnswer> {
  const res = await ogcGet(
    app,
    `/collections/metadata/items?${new URLSearchParams(params)}`,
    headers,
  );
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toContain('application/geo+json');
  const body = res.json();
  expect(body.type).toBe('FeatureCollection');
  return {
    status: res.statusCode,
    numberMatched: body.numberMatched,
    numberReturned: body.numberReturned,
    ids: body.features.map((f: { id: string }) => f.id),
    features: body.features,
    links: body.links,
  };
}

/** Expects the standard's exception with this status and code. */
export function expectException(
  res: { statusCode: number; headers: Record<string, unknown>; json: () => unknown; body: string },
  status: number,
  code: string,
  text?: string,
) {
  expect(res.statusCode, res.body).toBe(status);
  expect(String(res.headers['content-type'])).toContain('application/json');
  const body = res.json() as { code: string; description: string };
  expect(body.code).toBe(code);
  expect(body.description.length).toBeGreaterThan(10);
  if (text) expect(body.description).toContain(text);
  expect(res.body).not.toMatch(/at .*\.(ts|js):\d+/);
}
