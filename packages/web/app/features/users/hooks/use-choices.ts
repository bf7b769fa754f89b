import type { Group, Role } from '@geoportal/contract/users';
import { useCallback } from 'react';
import { useAccess } from '../../../lib/auth/access';
import { useLoaded } from '../../../lib/hooks/use-loaded';
import { listGroups, listRoles } from '../api/groups-api';

/** The roles and groups the pickers offer, loaded once per page. */
export function useChoices() {
  const { client } = useAccess();
  const load = useCallback(async (): Promise<{ roles: Role[]; groups: Group[] }> => {
    const [roles, groups] = await Promise.all([listRoles(client), listGroups(client)]);
    return { roles, groups };
  }, [client]);
  return useLoaded(load);
}
