import {
  Harvester,
  type HarvesterInput,
  HarvesterList,
  HarvesterTestResult,
  HarvestRunList,
  type HarvestSource,
} from '@geoportal/contract/harvester';
import { Process } from '@geoportal/contract/processes';
import { GroupList, UserList } from '@geoportal/contract/users';
import { z } from 'zod';
import type { HttpClient } from '../../../lib/http/http-client';

// One small function per endpoint of `/harvesters` (issue 25); every read is fresh, since a
// run changes the counters all the time.

const harvesterPath = (id: string, rest = '') => `/harvesters/${encodeURIComponent(id)}${rest}`;
const detail = { schema: Harvester, invalid: 'an invalid harvester' } as const;
const process = { schema: Process, invalid: 'an invalid process' } as const;

export function listHarvesters(client: HttpClient, signal?: AbortSignal): Promise<HarvesterList> {
  return client.get('/harvesters', {
    noCache: true,
    schema: HarvesterList,
    invalid: 'an invalid harvester list',
    ...(signal ? { signal } : {}),
  });
}

export function getHarvester(client: HttpClient, id: string, signal?: AbortSignal) {
  return client.get(harvesterPath(id), { noCache: true, ...detail, ...(signal ? { signal } : {}) });
}

/** Rejects with 400 `harvester.invalid` (with `fields`) or `harvester.refused_url`. */
export function createHarvester(client: HttpClient, input: HarvesterInput): Promise<Harvester> {
  return client.post('/harvesters', { body: input, blocking: true, ...detail });
}

export function updateHarvester(client: HttpClient, id: string, input: HarvesterInput) {
  return client.put(harvesterPath(id), { body: input, blocking: true, ...detail });
}

/** Starts the removal of the harvester and its records; answers the process doing it. */
export function deleteHarvester(client: HttpClient, id: string): Promise<{ process: Process }> {
  return client.delete(harvesterPath(id), {
    blocking: true,
    schema: z.object({ process: Process }),
    invalid: 'an invalid process',
  });
}

/** Queues a run; rejects with 409 `harvester.running` while one is queued or running. */
export function runHarvester(client: HttpClient, id: string): Promise<Process> {
  return client.post(harvesterPath(id, '/run'), { blocking: true, ...process });
}

/** The runs of a harvester, newest first. */
export function listHarvestRuns(client: HttpClient, id: string, signal?: AbortSignal) {
  return client.get(harvesterPath(id, '/runs'), {
    noCache: true,
    schema: HarvestRunList,
    invalid: 'an invalid run list',
    ...(signal ? { signal } : {}),
  });
}

/**
 * Asks the remote for its title and record count. A remote that cannot be reached or is
 * refused is an answer (`ok: false` with a code), not a rejection.
 */
export function testHarvestSource(
  client: HttpClient,
  source: HarvestSource,
): Promise<HarvesterTestResult> {
  return client.post('/harvesters/test', {
    body: { source },
    schema: HarvesterTestResult,
    invalid: 'an invalid connection test',
  });
}

/** Most users the owner picker offers (the API's page limit). */
const OWNER_ROWS = 200;

/** The user and group names the owner and group pickers offer. */
export async function listOwnerChoices(
  client: HttpClient,
  signal: AbortSignal,
): Promise<{ users: string[]; groups: string[] }> {
  const [users, groups] = await Promise.all([
    client.get('/users', {
      query: { rows: OWNER_ROWS, sort: 'name' },
      noCache: true,
      schema: UserList,
      invalid: 'an invalid user list',
      signal,
    }),
    client.get('/groups', {
      noCache: true,
      schema: GroupList,
      invalid: 'an invalid group list',
      signal,
    }),
  ]);
  return { users: users.docs.map((u) => u.name), groups: groups.map((g) => g.name) };
}
