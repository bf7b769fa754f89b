import type { Profile, ProfileUpdate } from '@geoportal/contract/access';
import type { HttpClient } from '../../../lib/http/http-client';
import { profileAnswer, profileApiPath } from './get-profile';

/**
 * Saves the given fields of the own profile; fields left out stay as they are and an empty
 * string clears one. Answers the profile as saved. Rejects with an `HttpRequestError`:
 * 400 `request.validation` (with `fields`), 403 `user.readonly`.
 */
export function updateProfile(client: HttpClient, update: ProfileUpdate): Promise<Profile> {
  return client.put(profileApiPath, { body: update, blocking: true, ...profileAnswer });
}
