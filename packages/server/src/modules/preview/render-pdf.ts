import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { RenderFailedError } from './render-image.js';

/**
 * The first page of a PDF, rendered by pdf.js onto a @napi-rs/canvas in a worker thread.
 *
 * Why a worker: pdf.js parses and paints on the thread it runs in, so in the main thread a
 * hostile PDF would stall every request; in a worker, a time limit can end it for certain
 * (`terminate`), and the worker's heap has its own cap. One short-lived worker per
 * rendering: renderings are rare (each result is cached) and nothing is shared between
 * documents.
 *
 * Nothing is fetched from anywhere but the local pdfjs-dist package: standard fonts, CMaps,
 * ICC profiles and the WASM decoders are read from its folders; no network access exists in
 * the code paths used (no `url` but a file path, no system fonts, no eval).
 */

/** A page larger than this (in PDF points, 1/72 in) on either edge is refused: 200 in. */
const MAX_PAGE_POINTS = 14_400;
/** Images inside the PDF with more pixels than this are skipped by pdf.js (bomb guard). */
const MAX_EMBEDDED_IMAGE_PIXELS = 50_000_000;
/** The whole rendering, worker start included, must finish within this. */
const TIME_LIMIT_MS = 20_000;
/** The worker's JavaScript heap. */
const HEAP_LIMIT_MB = 256;

const require = createRequire(import.meta.url);
const pdfjsRoot = path.dirname(require.resolve('pdfjs-dist/package.json'));
const packageDir = (name: string) => `${path.join(pdfjsRoot, name)}${path.sep}`;

/** What the worker needs; plain data, copied into the worker. */
interface WorkerInput {
  file: string;
  box: number;
  maxPagePoints: number;
  maxImagePixels: number;
  pdfjs: string;
  pdfjsWorker: string;
  dirs: { standardFonts: string; cMaps: string; icc: string; wasm: string };
}

type WorkerOutput = { png: Uint8Array } | { failure: string };

/**
 * The worker's code, CommonJS in a string: a TypeScript file cannot be a worker under both
 * the compiled build and the test runner, and the code has no imports of ours.
 * `Promise.withResolvers` is polyfilled for Node 20, which pdf.js 6 expects; only inside
 * this worker.
 */
const workerSource = `
const { parentPort, workerData: input } = require('node:worker_threads');
Promise.withResolvers ??= function () {
  let resolve, reject;
  const promise = new this((a, b) => { resolve = a; reject = b; });
  return { promise, resolve, reject };
};
const fail = (failure) => parentPort.postMessage({ failure });
(async () => {
  // The worker of pdf.js runs in this thread ("fake worker"); load it ourselves so that
  // pdf.js does not resolve its path at run time.
  globalThis.pdfjsWorker = await import(input.pdfjsWorker);
  const pdfjs = await import(input.pdfjs);
  const task = pdfjs.getDocument({
    url: input.file,
    disableAutoFetch: true,
    disableStream: true,
    isEvalSupported: false,
    useSystemFonts: false,
    disableFontFace: true,
    enableXfa: false,
    stopAtErrors: false,
    maxImageSize: input.maxImagePixels,
    standardFontDataUrl: input.dirs.standardFonts,
    cMapUrl: input.dirs.cMaps,
    iccUrl: input.dirs.icc,
    wasmUrl: input.dirs.wasm,
    verbosity: 0,
  });
  let doc;
  try {
    doc = await task.promise;
  } catch (error) {
    return fail(error && error.name === 'PasswordException' ? 'the PDF is encrypted' : 'the PDF is damaged or not a PDF');
  }
  const page = await doc.getPage(1);
  const unscaled = page.getViewport({ scale: 1 });
  const longest = Math.max(unscaled.width, unscaled.height);
  if (!(longest > 0) || longest > input.maxPagePoints) {
    return fail('the first page is empty or larger than ' + input.maxPagePoints + ' points');
  }
  const viewport = page.getViewport({ scale: input.box / longest });
  const width = Math.max(1, Math.round(viewport.width));
  const height = Math.max(1, Math.round(viewport.height));
  const { canvas, context } = doc.canvasFactory.create(width, height);
  await page.render({ canvas, canvasContext: context, viewport }).promise;
  const png = await canvas.encode('png');
  parentPort.postMessage({ png });
  await task.destroy();
})().catch(() => fail('the PDF could not be rendered'));
`;

/** Renders page 1 into a `box` × `box` square; answers PNG bytes or a `RenderFailedError`. */
export function renderPdfFirstPage(file: string, box: number): Promise<Buffer> {
  const input: WorkerInput = {
    file,
    box,
    maxPagePoints: MAX_PAGE_POINTS,
    maxImagePixels: MAX_EMBEDDED_IMAGE_PIXELS,
    pdfjs: pathToFileURL(path.join(pdfjsRoot, 'legacy/build/pdf.mjs')).href,
    pdfjsWorker: pathToFileURL(path.join(pdfjsRoot, 'legacy/build/pdf.worker.mjs')).href,
    dirs: {
      standardFonts: packageDir('standard_fonts'),
      cMaps: packageDir('cmaps'),
      icc: packageDir('iccs'),
      wasm: packageDir('wasm'),
    },
  };
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerSource, {
      eval: true,
      workerData: input,
      resourceLimits: { maxOldGenerationSizeMb: HEAP_LIMIT_MB },
      // The worker's console output (pdf.js warnings about broken files) is not ours to log.
      stdout: true,
      stderr: true,
    });
    worker.stdout.resume();
    worker.stderr.resume();
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      outcome();
    };
    const timer = setTimeout(
      () =>
        finish(() =>
          reject(new RenderFailedError(`rendering took longer than ${TIME_LIMIT_MS / 1000} s`)),
        ),
      TIME_LIMIT_MS,
    );
    worker.on('message', (message: WorkerOutput) =>
      finish(() =>
        'png' in message
          ? resolve(Buffer.from(message.png))
          : reject(new RenderFailedError(message.failure)),
      ),
    );
    // Out of memory (`ERR_WORKER_OUT_OF_MEMORY`) or a crash of the worker.
    worker.on('error', () =>
      finish(() => reject(new RenderFailedError('the PDF needs too much memory to render'))),
    );
    worker.on('exit', () =>
      finish(() => reject(new RenderFailedError('the PDF could not be rendered'))),
    );
  });
}
