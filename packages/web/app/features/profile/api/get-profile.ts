import { Profile } from '@geoportal/contract/access';
import type { HttpClient } from '../../../lib/http/http-client';

/** Path of the signed-in user's own profile (`GET` and `PUT`). */
export const profileApiPath = '/access/profile';

/**
 * Reads the signed-in user's own profile. The read bypasses caches because the page edits
 * this very resource and must start from what the server holds now.
 */
export async function getProfile(client: HttpClient): Promise<Profile> {
  return validProfile(await client.get(profileApiPath, { noCache: true }));
}

/**
 * Checks an answer against the contract, so a wrong answer fails the call instead of
 * filling the form with half a profile.
 */
export function validProfile(data: unknown): Profile {
  const parsed = Profile.safeParse(data);
  if (!parsed.success) throw new Error('The server answered with an invalid profile.');
  return parsed.data;
}
