import { PageSection } from '../components/layout/page-section';
import { GroupsPage } from '../features/users/components/groups-page';
import { ManagementTabs } from '../features/users/components/management-tabs';
import { pageMeta } from '../lib/page-meta';

export const meta = pageMeta('menu.management.groups');

/** Breadcrumb label key and the roles this page needs (SPEC §6: administrators only). */
export const handle = { breadcrumb: 'menu.management.groups', guard: { roles: ['administrator'] } };

/** Administration of the groups (issue 19), one tab of users, groups and audit log. */
export default function ManagementGroupsRoute() {
  return (
    <PageSection titleKey="menu.management.groups">
      <ManagementTabs current="management.groups" />
      <GroupsPage />
    </PageSection>
  );
}
