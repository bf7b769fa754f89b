import { Transform } from 'node:stream';
import {
  HELD_MODULE_PRELOAD,
  HELD_MODULE_SCRIPT,
  MODULE_PRELOAD,
  MODULE_SCRIPT,
} from './scripts-after-paint';

/**
 * Writes a page's module preloads and React Router's module script in their held forms
 * (scripts-after-paint.ts), so the browser fetches no script before the first paint.
 *
 * Both forms are attributes inside a tag, so text up to the last `>` of what has arrived is
 * rewritten and the rest (at most an unfinished tag) waits for the next chunk: a tag split
 * between two chunks is rewritten whole. Only tags written by React match: in the page's text
 * and attribute values React writes `"` as `&quot;`, and in the inline JSON of the loaders'
 * data it is `\"`.
 */
export function holdScriptsUntilPaint(): Transform {
  const decoder = new TextDecoder();
  let pending = '';
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const text = pending + decoder.decode(chunk, { stream: true });
      const cut = text.lastIndexOf('>') + 1;
      pending = text.slice(cut);
      callback(null, holdScripts(text.slice(0, cut)));
    },
    flush(callback) {
      callback(null, holdScripts(pending + decoder.decode()));
    },
  });
}

/** `html` with the module preloads and the module script in their held forms. */
export function holdScripts(html: string): string {
  return html
    .replaceAll(MODULE_PRELOAD, HELD_MODULE_PRELOAD)
    .replaceAll(MODULE_SCRIPT, HELD_MODULE_SCRIPT);
}
