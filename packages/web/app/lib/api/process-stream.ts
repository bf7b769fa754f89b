import { accessHeaders } from '@geoportal/contract/access-names';
import { Process, ProcessLog } from '@geoportal/contract/processes';
import type { HttpClient } from '../http/http-client';

/**
 * The live side of background processes, shared by the processes page and the command
 * console (whose queued commands run as processes): a process's log and the change stream.
 */

export function readProcessLog(client: HttpClient, id: string, after: number): Promise<ProcessLog> {
  return client.get(`/processes/${encodeURIComponent(id)}/log`, {
    query: { after, rows: 2000 },
    noCache: true,
    schema: ProcessLog,
    invalid: 'an invalid process log',
  });
}

/**
 * Reads `GET /processes/events` until `signal` aborts, calling `onProcess` for each change.
 * `fetch` rather than `EventSource`, which cannot send the `AccessToken` header. Resolves
 * when the stream ends; rejects when it cannot be opened.
 */
export async function followProcessEvents(
  apiBase: string,
  token: string,
  onProcess: (process: Process) => void,
  signal: AbortSignal,
): Promise<void> {
  const response = await fetch(`${apiBase}/processes/events`, {
    headers: { [accessHeaders.token]: token, Accept: 'text/event-stream' },
    signal,
  });
  if (!response.ok || !response.body) throw new Error(`events: ${response.status}`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += value;
    const blocks = buffer.split('\n\n');
    buffer = blocks.pop() ?? '';
    for (const block of blocks) {
      const lines = block.split('\n');
      if (!lines.includes('event: process')) continue;
      const data = lines.find((line) => line.startsWith('data: '));
      const parsed = data ? Process.safeParse(JSON.parse(data.slice(6))) : undefined;
      if (parsed?.success) onProcess(parsed.data);
    }
  }
}
