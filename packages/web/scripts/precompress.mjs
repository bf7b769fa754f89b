/**
 * Writes a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy next to each text file
 * of the client build, which the server hands out as they are (`@fastify/static`'s
 * `preCompressed`). Compressing on each request uses brotli's quality 4, so scripts and styles
 * travelled about a fifth larger, on every first visit over a slow link; the strongest
 * settings cost seconds, so they are paid once here rather than per request.
 *
 * Usage: node scripts/precompress.mjs [folder]   (default: build/client)
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text formats that shrink; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|webmanifest|txt|xml|html)$/;
/** Below this the server does not compress either (see the server's compression.ts). */
const MIN_BYTES = 1024;

async function* filesBelow(folder) {
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) yield* filesBelow(full);
    else if (entry.isFile() && COMPRESSIBLE.test(entry.name)) yield full;
  }
}

async function precompress(file) {
  const bytes = await readFile(file);
  if (bytes.length < MIN_BYTES) return { raw: 0, packed: 0 };
  const [br, gz] = await Promise.all([
    brotli(bytes, {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
    gzip(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  // A copy that is not smaller would only cost the visitor a decoding step.
  if (br.length < bytes.length) await writeFile(`${file}.br`, br);
  if (gz.length < bytes.length) await writeFile(`${file}.gz`, gz);
  return { raw: bytes.length, packed: Math.min(br.length, bytes.length) };
}

const folder = path.resolve(process.argv[2] ?? 'build/client');
if (!(await stat(folder).catch(() => null))?.isDirectory()) {
  console.error(`precompress: ${folder} is not a folder (build the app first)`);
  process.exit(1);
}
const started = Date.now();
const files = [];
for await (const file of filesBelow(folder)) files.push(file);
// zlib's asynchronous calls run on libuv's thread pool, a few files at a time.
const results = await Promise.all(files.map(precompress));
const raw = results.reduce((sum, r) => sum + r.raw, 0);
const packed = results.reduce((sum, r) => sum + r.packed, 0);
console.log(
  `precompress: ${files.length} files, ${(raw / 1024).toFixed(0)} KiB → ${(packed / 1024).toFixed(0)} KiB brotli, in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
