import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { ErrorBody } from '@geoportal/contract/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';

/**
 * Hardening point 8: requests the router or Node's HTTP parser refuse answer the uniform
 * error body of DESIGN §4 too, over a real connection (raw bytes, since a client library
 * would refuse to send them).
 */
describe('errors before routing', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({ name: 'pglite' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await t.close();
  });

  /** Sends `raw` on a new connection and reads the answer until the server closes or ends it. */
  function exchange(
    raw: string | Buffer,
  ): Promise<{ status: number; headers: string; body: string }> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      const chunks: Buffer[] = [];
      const finish = () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const split = text.indexOf('\r\n\r\n');
        const head = split === -1 ? text : text.slice(0, split);
        let body = split === -1 ? '' : text.slice(split + 4);
        const length = /\r\ncontent-length: *(\d+)/i.exec(head);
        if (length) body = Buffer.from(body).subarray(0, Number(length[1])).toString('utf8');
        resolve({
          status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0),
          headers: head,
          body,
        });
      };
      socket.on('data', (chunk) => {
        chunks.push(chunk);
        // A keep-alive answer: complete once the announced body is in.
        const text = Buffer.concat(chunks).toString('utf8');
        const split = text.indexOf('\r\n\r\n');
        const length = /\r\ncontent-length: *(\d+)/i.exec(text.slice(0, split));
        if (
          split !== -1 &&
          length &&
          Buffer.byteLength(text.slice(split + 4)) >= Number(length[1])
        ) {
          socket.destroy();
          finish();
        }
      });
      socket.on('end', finish);
      socket.on('close', finish);
      socket.on('error', (error) => (chunks.length ? finish() : reject(error)));
      socket.setTimeout(10_000, () => {
        socket.destroy();
        reject(new Error('no answer'));
      });
      socket.write(raw);
    });
  }

  const expectUniform = (
    res: { status: number; headers: string; body: string },
    status: number,
    code: string,
  ) => {
    expect(res.status, res.headers + res.body).toBe(status);
    expect(res.headers).toMatch(/\r\ncontent-type: application\/json/i);
    const body = ErrorBody.parse(JSON.parse(res.body));
    expect(body).toMatchObject({ status, code });
    expect(body.message.length).toBeGreaterThan(10);
  };

  it('a broken percent-encoding in the path: 400 request.bad_url, the path not echoed', async () => {
    for (const path of ['/api/v1/object/%c0%ae', '/api/v1/%', '/search%zz', '/geoth/%']) {
      const res = await exchange(
        `GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`,
      );
      expectUniform(res, 400, 'request.bad_url');
      expect(res.body).not.toContain(path);
      expect(res.body).not.toContain('FST_ERR');
    }
  });

  it('headers larger than Node accepts: 431 request.headers_too_large', async () => {
    const res = await exchange(
      `GET /api/v1/health HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expectUniform(res, 431, 'request.headers_too_large');
  });

  it('Content-Length together with Transfer-Encoding: 400 request.malformed', async () => {
    const res = await exchange(
      'POST /api/v1/access/authorize HTTP/1.1\r\nHost: localhost\r\n' +
        'Content-Type: application/json\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n' +
        '0\r\n\r\n',
    );
    expectUniform(res, 400, 'request.malformed');
  });

  it('bytes that are no HTTP request: 400 request.malformed', async () => {
    const res = await exchange('HELLO\r\n\r\n');
    expectUniform(res, 400, 'request.malformed');
  });

  it('a path segment past the router limit answers the uniform body too', async () => {
    const res = await exchange(
      `GET /api/v1/object/bearer-x/data/${'t'.repeat(150)}/f HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`,
    );
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(ErrorBody.safeParse(JSON.parse(res.body)).success).toBe(true);
    expect(res.body).not.toContain('FST_ERR');
  });

  it('a well-formed request is still served', async () => {
    const res = await exchange(
      'GET /api/v1/health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n',
    );
    expect(res.status).toBe(200);
  });
});
