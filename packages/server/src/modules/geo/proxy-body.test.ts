import type { IncomingMessage } from 'node:http';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readStart, streamRest } from './proxy-body.js';

/** A map server's answer body: written by the test, read by the proxy. */
const upstream = () => {
  const body = new PassThrough();
  return { body, response: body as unknown as IncomingMessage };
};

const collect = (stream: NodeJS.ReadableStream) =>
  new Promise<{ data: Buffer; error?: Error }>((resolve) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => resolve({ data: Buffer.concat(chunks) }));
    stream.on('error', (error: Error) => resolve({ data: Buffer.concat(chunks), error }));
  });

describe('proxy answer bodies', () => {
  it('a short answer arrives whole', async () => {
    const { body, response } = upstream();
    body.end('<WMS_Capabilities/>');
    const start = await readStart(response, 100, 1000);
    expect(start.ended).toBe(true);
    expect(Buffer.concat(start.chunks).toString()).toBe('<WMS_Capabilities/>');
  });

  it('a long one streams on: the bytes read ahead first, then the rest', async () => {
    const { body, response } = upstream();
    body.write(Buffer.alloc(150, 1));
    const start = await readStart(response, 100, 1000);
    expect(start).toMatchObject({ ended: false, size: 150 });
    const rest = collect(streamRest(response, start, 1000, 1000));
    body.end(Buffer.alloc(50, 2));
    const { data, error } = await rest;
    expect(error).toBeUndefined();
    expect(data.length).toBe(200);
    expect(data[149]).toBe(1);
    expect(data[150]).toBe(2);
  });

  it('too large while reading ahead: refused before anything goes out', async () => {
    const { body, response } = upstream();
    body.write(Buffer.alloc(80));
    body.write(Buffer.alloc(80));
    await expect(readStart(response, 1000, 100)).rejects.toMatchObject({
      code: 'geo.proxy_too_large',
    });
    expect(body.destroyed).toBe(true);
  });

  it('too large while streaming: the stream fails and the map server is closed', async () => {
    const { body, response } = upstream();
    body.write(Buffer.alloc(150));
    const start = await readStart(response, 100, 300);
    const rest = collect(streamRest(response, start, 300, 1000));
    body.write(Buffer.alloc(100));
    body.write(Buffer.alloc(100));
    const { data, error } = await rest;
    expect(error).toMatchObject({ code: 'geo.proxy_too_large' });
    expect(data.length).toBeLessThanOrEqual(300);
    expect(body.destroyed).toBe(true);
  });

  it('a map server that stalls midway: the stream fails after the idle time', async () => {
    const { body, response } = upstream();
    body.write(Buffer.alloc(150));
    const start = await readStart(response, 100, 1000);
    const started = Date.now();
    const { error } = await collect(streamRest(response, start, 1000, 100));
    expect(error).toMatchObject({ code: 'geo.proxy_timeout' });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(body.destroyed).toBe(true);
  });

  it('a caller that stops reading: the stream fails after the idle time', async () => {
    const { body, response } = upstream();
    body.write(Buffer.alloc(150));
    const start = await readStart(response, 100, 10_000_000);
    const rest = streamRest(response, start, 10_000_000, 100);
    const failed = new Promise<Error>((resolve) => rest.once('error', resolve));
    // The map server could send more at once, but nobody reads it.
    const chunk = Buffer.alloc(64 * 1024);
    for (let i = 0; i < 10; i += 1) body.write(chunk);
    await expect(failed).resolves.toMatchObject({ code: 'geo.proxy_timeout' });
    // Back-pressure held the rest at the map server.
    expect(rest.readableLength).toBeLessThan(10 * chunk.length);
    expect(body.destroyed).toBe(true);
  });

  it('a caller that goes away closes the map server', async () => {
    const { body, response } = upstream();
    body.write(Buffer.alloc(150));
    const start = await readStart(response, 100, 1000);
    streamRest(response, start, 1000, 1000).destroy();
    expect(body.destroyed).toBe(true);
  });

  it('a map server that closes early fails the stream', async () => {
    const { body, response } = upstream();
    body.write(Buffer.alloc(150));
    const start = await readStart(response, 100, 1000);
    const rest = collect(streamRest(response, start, 1000, 1000));
    body.destroy();
    const { error } = await rest;
    expect(error).toMatchObject({ code: 'geo.proxy_upstream' });
  });
});
