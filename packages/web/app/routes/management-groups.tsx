import { PageSection } from '../components/layout/page-section';
import { pageMeta } from '../lib/page-meta';

export const meta = pageMeta('menu.management.groups');

/** Breadcrumb label key and the roles this page needs (SPEC §6: administrators only). */
export const handle = { breadcrumb: 'menu.management.groups', guard: { roles: ['administrator'] } };

export default function ManagementGroupsRoute() {
  return <PageSection titleKey="menu.management.groups" />;
}
