import type { HttpClient, HttpMethod } from './http-client';

/** The status with which a probe answers "allowed" (SPEC §5, §9). */
export const PROBE_ALLOWED_STATUS = 202;

/**
 * Asks a permission probe (`…/try`, `accessControl/try`; DESIGN §4): true only for 202, any
 * error or other status is false (SPEC §5, §8). A probe is a question, not an action, so a
 * 401 from it must not log the user out or send them to login (`handlesAuth`).
 */
export async function probe(
  client: HttpClient,
  method: HttpMethod,
  path: string,
): Promise<boolean> {
  try {
    // The answer changes with the signed-in user, so no cache may answer for the server.
    const response = await client.send(method, path, { handlesAuth: true, noCache: true });
    return response.status === PROBE_ALLOWED_STATUS;
  } catch {
    return false;
  }
}
