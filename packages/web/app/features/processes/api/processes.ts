import { accessHeaders } from '@geoportal/contract/access-names';
import {
  Process,
  ProcessList,
  ProcessLog,
  type ProcessState,
  ScheduleList,
} from '@geoportal/contract/processes';
import type { HttpClient } from '../../../lib/http/http-client';

/** The calls of the processes page (issue 20); all need an administrator's session. */

export interface ProcessFilter {
  state?: ProcessState | undefined;
  kind?: string | undefined;
  start?: number;
  rows?: number;
}

export function listProcesses(client: HttpClient, filter: ProcessFilter): Promise<ProcessList> {
  return client.get('/processes', {
    query: { state: filter.state, kind: filter.kind, start: filter.start, rows: filter.rows },
    noCache: true,
    schema: ProcessList,
    invalid: 'an invalid process list',
  });
}

export function getProcess(client: HttpClient, id: string): Promise<Process> {
  return client.get(`/processes/${encodeURIComponent(id)}`, {
    noCache: true,
    schema: Process,
    invalid: 'an invalid process',
  });
}

export function readLog(client: HttpClient, id: string, after: number): Promise<ProcessLog> {
  return client.get(`/processes/${encodeURIComponent(id)}/log`, {
    query: { after, rows: 2000 },
    noCache: true,
    schema: ProcessLog,
    invalid: 'an invalid process log',
  });
}

export function startProcess(client: HttpClient, kind: string): Promise<Process> {
  return client.post('/processes', {
    body: { kind, params: {} },
    blocking: true,
    schema: Process,
    invalid: 'an invalid process',
  });
}

export function cancelProcess(client: HttpClient, id: string): Promise<Process> {
  return client.post(`/processes/${encodeURIComponent(id)}/cancel`, {
    schema: Process,
    invalid: 'an invalid process',
  });
}

export function retryProcess(client: HttpClient, id: string): Promise<Process> {
  return client.post(`/processes/${encodeURIComponent(id)}/retry`, {
    schema: Process,
    invalid: 'an invalid process',
  });
}

export function listSchedules(client: HttpClient): Promise<ScheduleList> {
  return client.get('/processes/schedules', {
    noCache: true,
    schema: ScheduleList,
    invalid: 'an invalid schedule list',
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
