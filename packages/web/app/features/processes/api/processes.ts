import {
  Process,
  ProcessList,
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
