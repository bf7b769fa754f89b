import { type PasswordChange, Session } from '@geoportal/contract/access';
import type { HttpClient } from '../../../lib/http/http-client';

/** Path of the own password change. */
export const passwordApiPath = '/access/profile/password';

/**
 * Changes the own password. The server ends every session of the user, this one included,
 * and answers a new session that the caller must adopt (`auth.adoptSession`). Rejects with an
 * `HttpRequestError`: 400 `password.wrong_current`, `password.common`, `request.validation`.
 */
export function changePassword(client: HttpClient, change: PasswordChange): Promise<Session> {
  return client.put(passwordApiPath, {
    body: change,
    blocking: true,
    schema: Session,
    invalid: 'an invalid session',
  });
}
