import { useContext, useEffect, useState } from 'react';
import { AccessContext } from './access';
import { useAuth } from './use-auth';

// Roles are compared by value, so a new array literal on every render does not re-ask.
const SEPARATOR = '\u0000';

/**
 * Whether the signed-in user holds any of `roles`, checked through the server's role check
 * (cached). Undefined while the answer is pending; asked again when the user changes.
 */
export function useIsAllowed(roles?: readonly string[]): boolean | undefined {
  const access = useContext(AccessContext);
  if (!access) throw new Error('useIsAllowed() needs an <AccessContext value={…}> above it.');
  const { token, principal } = useAuth(access.auth);
  const key = (roles ?? []).join(SEPARATOR);
  const [answer, setAnswer] = useState<{ for: unknown[]; allowed: boolean }>();
  const asked = [access.roles, key, token, principal];

  useEffect(() => {
    let current = true;
    const names = key ? key.split(SEPARATOR) : undefined;
    void access.roles.isAllowed(names).then((allowed) => {
      if (current) setAnswer({ for: [access.roles, key, token, principal], allowed });
    });
    return () => {
      current = false;
    };
  }, [access.roles, key, token, principal]);

  // An answer to an earlier question (other roles or user) is not this answer.
  const fresh = answer?.for.every((value, index) => Object.is(value, asked[index]));
  return fresh ? answer?.allowed : undefined;
}
