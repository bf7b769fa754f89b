import { createHash, randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { ObjectState } from '@geoportal/contract/object';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { apiCaller, createAccount, signIn } from '../../test/access-helpers.js';
import { stepsTo, stepTaker } from '../../test/expected-access.js';
import { completeMetadata } from '../../test/record-fixtures.js';

/** Test-only helpers of the files tests: multipart bodies, record fixtures, disk checks. */

export type Part =
  | { name: string; value: string }
  | { name: string; filename: string; content: Buffer | string; type?: string };

/** A multipart/form-data body with the parts in the given order. */
export function multipart(parts: Part[]) {
  const boundary = `----geoportal${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('value' in part) {
      chunks.push(
        Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`),
      );
    } else {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
            `Content-Type: ${part.type ?? 'application/octet-stream'}\r\n\r\n`,
        ),
        Buffer.isBuffer(part.content) ? part.content : Buffer.from(part.content),
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

/** Every file under `dir`, recursively, relative to it. */
async function listTree(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}

/** The blob files (hash names) and temporaries on disk. */
export async function diskState(dataDir: string) {
  const root = path.join(dataDir, 'blobs');
  const all = await listTree(root);
  return {
    blobs: all.filter((f) => !f.startsWith('tmp')).map((f) => path.basename(f)),
    temporaries: all.filter((f) => f.startsWith('tmp')),
  };
}

/** The rows of the files tables. */
export async function dbState(app: FastifyInstance) {
  const blobs = await app.db.selectFrom('blob').select('sha256').orderBy('sha256').execute();
  const files = await app.db
    .selectFrom('file')
    .select(['object_id', 'bundle', 'path', 'sha256'])
    .orderBy('path')
    .execute();
  const bundles = await app.db.selectFrom('bundle').selectAll().execute();
  return { blobs: blobs.map((b) => b.sha256), files, bundles };
}

export type Caller =
  | 'visitor'
  | 'owner'
  | 'otherSubmitter'
  | 'editor'
  | 'administrator'
  | 'readKey'
  | 'writeKey'
  | 'grantee';

/** Accounts of every kind, signed in; answers their tokens. */
export async function createCallers(app: FastifyInstance) {
  const tokens: Record<string, string> = {};
  for (const [name, role] of [
    ['owner', 'submitter'],
    ['otherSubmitter', 'submitter'],
    ['editor', 'editor'],
    ['administrator', 'administrator'],
    ['grantee', 'submitter'],
  ] as const) {
    await createAccount(app, name, 'files password 1', { role });
    tokens[name] = await signIn(app, name, 'files password 1');
  }
  return tokens;
}

/**
 * A record of `owner` in `state` with active read and write keys. `headers(caller)` gives
 * the headers a caller sends.
 */
export async function recordFixture(
  app: FastifyInstance,
  tokens: Record<string, string>,
  state: ObjectState = 'draft',
) {
  const api = apiCaller(app);
  const as = (who: string) => ({ accesstoken: tokens[who] as string });
  const created = await api('POST', '/object', as('owner'), {
    metadata: completeMetadata({ title: { de: `Dateien ${state}` } }),
  });
  if (created.statusCode !== 201) throw new Error(created.body);
  const id = created.json().id as string;
  const key = async (type: 'read' | 'write') =>
    (await api('POST', `/object/${id}/accessKeys`, as('owner'), { type })).json().secret as string;
  const secrets = { readKey: await key('read'), writeKey: await key('write') };
  for (const step of stepsTo(state)) {
    const res = await api('PUT', `/object/${id}/state`, as(stepTaker(step)), {
      state: step,
    });
    if (res.statusCode !== 200) throw new Error(res.body);
  }
  const headers = (caller: Caller): Record<string, string> => {
    if (caller === 'readKey' || caller === 'writeKey') return { 'x-access-key': secrets[caller] };
    if (caller === 'visitor') return {};
    return as(caller);
  };
  return { id, secrets, headers };
}

/** Uploads through the API; answers the response. */
export function upload(
  app: FastifyInstance,
  objectId: string,
  bundle: string,
  file: { path?: string; name?: string; content: Buffer | string },
  headers: Record<string, string>,
) {
  const parts: Part[] = [];
  if (file.path !== undefined) parts.push({ name: 'filename', value: file.path });
  parts.push({ name: 'file', filename: file.name ?? 'upload.bin', content: file.content });
  const body = multipart(parts);
  return app.inject({
    method: 'POST',
    url: `/api/v1/object/${objectId}/${bundle}/upload`,
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

/** `/api/v1/object/{id}/{bundle}/{path}` with each segment encoded. */
export function fileUrl(objectId: string, bundle: string, filePath: string) {
  return `/api/v1/object/${objectId}/${bundle}/${filePath.split('/').map(encodeURIComponent).join('/')}`;
}

/**
 * Calls the API with a JSON body serialised here, so that bare `true`, `false` and strings
 * (the bodies of the bundle settings) travel as JSON.
 */
export function jsonCaller(app: FastifyInstance) {
  return (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    headers: Record<string, string> = {},
    payload?: unknown,
  ) =>
    app.inject({
      method,
      url: `/api/v1${url}`,
      headers: {
        ...headers,
        ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(payload !== undefined ? { payload: JSON.stringify(payload) } : {}),
    });
}

/** Uploads a file (expecting 201) and, with `index`, makes it its bundle's index file. */
export async function storeFile(
  app: FastifyInstance,
  headers: Record<string, string>,
  target: { id: string; bundle: string; path: string },
  content: Buffer | string,
  options: { index?: boolean } = {},
) {
  const res = await upload(app, target.id, target.bundle, { path: target.path, content }, headers);
  expect(res.statusCode, res.body).toBe(201);
  if (options.index) {
    const set = await jsonCaller(app)(
      'PUT',
      `/object/${target.id}/${target.bundle}/index/${target.path}`,
      headers,
      true,
    );
    expect(set.statusCode, set.body).toBe(204);
  }
}
