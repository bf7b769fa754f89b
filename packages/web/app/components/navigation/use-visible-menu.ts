import { useEffect, useState } from 'react';
import { useAccess } from '../../lib/auth/access';
import { useAuth } from '../../lib/auth/use-auth';
import { type MenuItem, roleListsOf, visibleItems } from './menu-items';

/**
 * The menu as the signed-in user may see it. Role lists are checked through the server's
 * cached role check; until an answer arrives (and on the server) entries with roles stay
 * hidden, so nobody glimpses an entry they may not use.
 */
export function useVisibleMenu(items: readonly MenuItem[]): MenuItem[] {
  const { roles } = useAccess();
  const { token, principal } = useAuth();
  const [allowed, setAllowed] = useState<ReadonlyMap<string, boolean>>(new Map());

  // biome-ignore lint/correctness/useExhaustiveDependencies: a sign-in or sign-out (token, principal) asks again
  useEffect(() => {
    let current = true;
    const lists = roleListsOf(items);
    void Promise.all(
      lists.map(async (list) => [list.join(','), await roles.isAllowed(list)] as const),
    ).then((answers) => {
      if (current) setAllowed(new Map(answers));
    });
    return () => {
      current = false;
    };
  }, [items, roles, token, principal]);

  return visibleItems(items, (list) => allowed.get(list.join(',')) === true);
}
