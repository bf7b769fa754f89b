import { Profile } from '@geoportal/contract/access';
import type { AnswerCheck } from '../../../lib/http/answer-schema';
import type { HttpClient } from '../../../lib/http/http-client';

/** Path of the signed-in user's own profile (`GET` and `PUT`). */
export const profileApiPath = '/access/profile';

/**
 * How profile answers are checked against the contract, so a wrong answer fails the call
 * instead of filling the form with half a profile.
 */
export const profileAnswer: AnswerCheck<Profile> = {
  schema: Profile,
  invalid: 'an invalid profile',
};

/**
 * Reads the signed-in user's own profile. The read bypasses caches because the page edits
 * this very resource and must start from what the server holds now.
 */
export function getProfile(client: HttpClient): Promise<Profile> {
  return client.get(profileApiPath, { noCache: true, ...profileAnswer });
}
