import { PageSection } from '../components/layout/page-section';
import { ManagementTabs } from '../features/users/components/management-tabs';
import { UsersPage } from '../features/users/components/users-page';
import { pageMeta } from '../lib/page-meta';

export const meta = pageMeta('menu.management.users');

/** Breadcrumb label key and the roles this page needs (SPEC §6: administrators only). */
export const handle = { breadcrumb: 'menu.management.users', guard: { roles: ['administrator'] } };

/** Administration of the users (issue 19), one tab of users, groups and audit log. */
export default function ManagementUsersRoute() {
  return (
    <PageSection titleKey="menu.management.users">
      <ManagementTabs current="management.users" />
      <UsersPage />
    </PageSection>
  );
}
