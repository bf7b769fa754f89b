import type { Page } from '@playwright/test';

/**
 * Calls the API from inside the page as its signed-in user (session token and CSRF cookie as
 * the app sends them); answers the status and the parsed body, if any.
 */
export async function apiInPage(
  page: Page,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<{ status: number; body: unknown }> {
  if (page.url() === 'about:blank') await page.goto('/');
  return page.evaluate(
    async ({ method, path, body }) => {
      const xsrf = /(?:^|; )XSRF-TOKEN=([^;]*)/.exec(document.cookie)?.[1];
      const response = await fetch(`/api/v1${path}`, {
        method,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          AccessToken: localStorage.getItem('accessToken') ?? '',
          ...(xsrf ? { 'X-XSRF-TOKEN': decodeURIComponent(xsrf) } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        // Not JSON: the text as it is.
      }
      return { status: response.status, body: parsed };
    },
    { method, path, body },
  );
}

/**
 * A short WebM video (VP8, 160 × 120, about `ms` long) recorded in the page from a canvas with
 * MediaRecorder: this machine has no ffmpeg, and Chromium plays what it records.
 */
export async function recordWebm(page: Page, ms = 1500): Promise<Buffer> {
  const base64 = await page.evaluate(async (duration) => {
    const canvas = document.createElement('canvas');
    canvas.width = 160;
    canvas.height = 120;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2D canvas');
    const recorder = new MediaRecorder(canvas.captureStream(25), {
      mimeType: 'video/webm;codecs=vp8',
    });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => chunks.push(event.data);
    const stopped = new Promise((resolve) => {
      recorder.onstop = resolve;
    });
    const start = performance.now();
    const draw = () => {
      const t = performance.now() - start;
      context.fillStyle = `hsl(${Math.round(t / 5) % 360} 70% 45%)`;
      context.fillRect(0, 0, 160, 120);
      context.fillStyle = '#fff';
      context.fillRect(Math.round(t / 10) % 140, 50, 20, 20);
    };
    draw();
    recorder.start(100);
    const timer = setInterval(draw, 40);
    await new Promise((resolve) => setTimeout(resolve, duration));
    clearInterval(timer);
    recorder.stop();
    await stopped;
    const bytes = new Uint8Array(await new Blob(chunks, { type: 'video/webm' }).arrayBuffer());
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return btoa(binary);
  }, ms);
  return Buffer.from(base64, 'base64');
}
