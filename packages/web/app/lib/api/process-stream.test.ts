import type { Process } from '@geoportal/contract/processes';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { followProcessEvents } from './process-stream';

const process = (id: string, progress: number): Process => ({
  id,
  kind: 'search.reindex',
  params: {},
  state: 'running',
  progress,
  message: '',
  done: null,
  total: null,
  result: null,
  error: null,
  tries: 1,
  maxTries: 3,
  cancelRequested: false,
  startedBy: 'admin',
  scheduleId: null,
  queuedAt: '2026-01-01T00:00:00.000Z',
  startedAt: null,
  finishedAt: null,
  heartbeatAt: null,
  worker: null,
  logLines: 0,
});

/** A stream that delivers `text` in the given pieces, as a network would. */
function streamOf(pieces: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const piece of pieces) controller.enqueue(encoder.encode(piece));
      controller.close();
    },
  });
}

describe('followProcessEvents', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the token and parses events split anywhere, skipping comments and foreign events', async () => {
    const a = JSON.stringify(process('a', 10));
    const b = JSON.stringify(process('b', 55));
    const text = `retry: 3000\n\n: keep-alive\n\nevent: process\ndata: ${a}\n\nevent: other\ndata: {}\n\nevent: process\ndata: ${b}\n\n`;
    const cut = text.indexOf('"progress"') + 3;
    const fetchMock = vi.fn(
      async () => new Response(streamOf([text.slice(0, cut), text.slice(cut)])),
    );
    vi.stubGlobal('fetch', fetchMock);
    const seen: Process[] = [];
    await followProcessEvents(
      '/api/v1',
      'token-1',
      (p) => seen.push(p),
      new AbortController().signal,
    );
    expect(seen.map((p) => [p.id, p.progress])).toEqual([
      ['a', 10],
      ['b', 55],
    ]);
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/v1/processes/events',
      expect.objectContaining({
        headers: expect.objectContaining({ AccessToken: 'token-1' }),
      }),
    );
  });

  it('rejects when the stream cannot be opened', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 403 })),
    );
    await expect(
      followProcessEvents('/api/v1', 't', () => {}, new AbortController().signal),
    ).rejects.toThrow('events: 403');
  });
});
