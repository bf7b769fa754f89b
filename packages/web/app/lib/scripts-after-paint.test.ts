// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PRELOADS_PER_TASK, START_SCRIPTS_AFTER_PAINT } from './scripts-after-paint';
import { holdScripts, holdScriptsUntilPaint } from './scripts-after-paint.server';

/** The parts of a page React and React Router write, with look-alikes in text and data. */
const PAGE = [
  '<!DOCTYPE html><html lang="de"><head><meta charSet="utf-8"/>',
  '<link rel="stylesheet" href="/assets/root-1.css" data-precedence="default"/>',
  '<link rel="modulepreload" href="/assets/manifest-1.js" nonce="n0"/>',
  '<link rel="modulepreload" href="/assets/entry.client-1.js" nonce="n0"/>',
  '<link rel="modulepreload" href="/assets/größe-1.js" nonce="n0"/>',
  '</head><body><p>rel=&quot;modulepreload&quot; über type=&quot;module&quot;</p>',
  '<script nonce="n0">window.data = "{\\"rel\\":\\"rel=\\\\\\"modulepreload\\\\\\"\\"}";</script>',
  '<script nonce="n0" type="module" async="">import "/assets/manifest-1.js";',
  'import("/assets/entry.client-1.js");</script></body></html>',
].join('');

async function throughTransform(chunks: Buffer[]): Promise<string> {
  const transform = holdScriptsUntilPaint();
  const out: Buffer[] = [];
  transform.on('data', (chunk: Buffer) => out.push(Buffer.from(chunk)));
  const ended = new Promise((resolve) => transform.on('end', resolve));
  for (const chunk of chunks) transform.write(chunk);
  transform.end();
  await ended;
  return Buffer.concat(out).toString('utf8');
}

describe('scripts after the first paint: the server', () => {
  it('holds the module preloads and the module script, and nothing else', () => {
    const held = holdScripts(PAGE);
    expect(held).not.toContain('rel="modulepreload"');
    expect(held).not.toContain('type="module"');
    expect(held.match(/rel="modulepreload-after-paint"/g)).toHaveLength(3);
    expect(held).toContain('<script nonce="n0" type="text/module-after-paint">import');
    // The page's text and its data keep their look-alikes.
    expect(held).toContain('<p>rel=&quot;modulepreload&quot; über type=&quot;module&quot;</p>');
    expect(held).toContain('rel=\\\\\\"modulepreload\\\\\\"');
    expect(held.replaceAll('-after-paint', '').replace('text/module', 'module" async="')).toBe(
      PAGE,
    );
  });

  it('rewrites tags that arrive split between two chunks, at any byte', async () => {
    const bytes = Buffer.from(PAGE, 'utf8');
    const expected = holdScripts(PAGE);
    for (let cut = 1; cut < bytes.length; cut += 1) {
      const output = await throughTransform([bytes.subarray(0, cut), bytes.subarray(cut)]);
      expect(output, `cut at byte ${cut}`).toBe(expected);
    }
  });

  it('rewrites a page that arrives byte by byte', async () => {
    const bytes = Buffer.from(PAGE, 'utf8');
    const chunks = Array.from(bytes, (_, index) => bytes.subarray(index, index + 1));
    expect(await throughTransform(chunks)).toBe(holdScripts(PAGE));
  });
});

/** Puts the page as the server sends it (scripts held) into jsdom's document. */
function showHeldPage() {
  document.documentElement.innerHTML = holdScripts(PAGE).replace(/^<!DOCTYPE html><html[^>]*>/, '');
}

describe('scripts after the first paint: the browser', () => {
  afterEach(() => {
    vi.useRealTimers();
    document.head.innerHTML = '';
    document.body.innerHTML = '';
  });

  it('turns the held forms back into preloads and a module script after the first frame', () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'setTimeout'] });
    showHeldPage();
    new Function(START_SCRIPTS_AFTER_PAINT)();
    // Nothing is fetched or run before the frame.
    expect(document.querySelectorAll('link[rel="modulepreload"]')).toHaveLength(0);
    vi.advanceTimersToNextFrame();
    expect(document.querySelectorAll('link[rel="modulepreload"]')).toHaveLength(0);
    vi.runOnlyPendingTimers();
    // The module script first, then the preloads a few per task.
    expect(document.querySelectorAll('script[type="module"]')).toHaveLength(1);
    vi.runAllTimers();
    const preloads = Array.from(
      document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]'),
      (link) => link.getAttribute('href'),
    );
    expect(preloads).toEqual([
      '/assets/manifest-1.js',
      '/assets/entry.client-1.js',
      '/assets/größe-1.js',
    ]);
    const scripts = document.querySelectorAll('script[type="module"]');
    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.textContent).toBe(
      'import "/assets/manifest-1.js";import("/assets/entry.client-1.js");',
    );
    expect(document.querySelectorAll('script[type="text/module-after-paint"]')).toHaveLength(0);
  });

  it('starts the preloads a few per task, so that no task is long', () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'setTimeout'] });
    const links = Array.from(
      { length: 30 },
      (_, index) => `<link rel="modulepreload" href="/assets/m-${index}.js"/>`,
    );
    document.documentElement.innerHTML = holdScripts(`<head>${links.join('')}</head><body></body>`);
    new Function(START_SCRIPTS_AFTER_PAINT)();
    vi.advanceTimersToNextFrame();
    vi.runOnlyPendingTimers();
    const started = () => document.querySelectorAll('link[rel="modulepreload"]').length;
    // The task that runs the module script starts no preload.
    expect(started()).toBe(0);
    vi.runOnlyPendingTimers();
    expect(started()).toBe(PRELOADS_PER_TASK);
    vi.runOnlyPendingTimers();
    expect(started()).toBe(2 * PRELOADS_PER_TASK);
    vi.runAllTimers();
    expect(started()).toBe(30);
  });

  describe('on a hidden page, which paints no frame until it is shown', () => {
    const visibility = (state: DocumentVisibilityState) =>
      Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
    afterEach(() => visibility('visible'));

    const startedScripts = () => ({
      scripts: document.querySelectorAll('script[type="module"]').length,
      preloads: document.querySelectorAll('link[rel="modulepreload"]').length,
    });

    it('starts the scripts without waiting for a frame, and only once', () => {
      vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'setTimeout'] });
      visibility('hidden');
      showHeldPage();
      new Function(START_SCRIPTS_AFTER_PAINT)();
      // Tasks due now run; the frame's callback (16 ms on) does not.
      vi.advanceTimersByTime(0);
      expect(startedScripts().scripts).toBe(1);
      vi.runAllTimers();
      expect(startedScripts()).toEqual({ scripts: 1, preloads: 3 });
      // Shown later, its first frame starts nothing a second time.
      visibility('visible');
      vi.advanceTimersToNextFrame();
      vi.runAllTimers();
      expect(startedScripts()).toEqual({ scripts: 1, preloads: 3 });
    });

    it('starts them when the page is hidden before its first frame', () => {
      vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'setTimeout'] });
      showHeldPage();
      new Function(START_SCRIPTS_AFTER_PAINT)();
      vi.advanceTimersByTime(0);
      expect(startedScripts()).toEqual({ scripts: 0, preloads: 0 });
      visibility('hidden');
      document.dispatchEvent(new Event('visibilitychange'));
      vi.advanceTimersByTime(0);
      expect(startedScripts().scripts).toBe(1);
      vi.runAllTimers();
      expect(startedScripts()).toEqual({ scripts: 1, preloads: 3 });
      visibility('visible');
      document.dispatchEvent(new Event('visibilitychange'));
      vi.advanceTimersToNextFrame();
      vi.runAllTimers();
      expect(startedScripts()).toEqual({ scripts: 1, preloads: 3 });
    });
  });
});
