import { createReadStream, statSync } from 'node:fs';
import http from 'node:http';

/**
 * The comparison for downloads: a plain `node:http` server without any framework that
 * answers every GET with one file, piped from `fs.createReadStream`.
 * Usage: node static-file-server.js <file> <port>; prints "ready" when it listens.
 */
const [file, portArg] = process.argv.slice(2);
if (!file || !portArg) throw new Error('usage: static-file-server.js <file> <port>');
const size = statSync(file).size;

http
  .createServer((_request, response) => {
    response.writeHead(200, {
      'content-type': 'application/octet-stream',
      'content-length': String(size),
    });
    createReadStream(file).pipe(response);
  })
  .listen(Number(portArg), '127.0.0.1', () => console.log('ready'));
