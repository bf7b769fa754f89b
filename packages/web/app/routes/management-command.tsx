import { PageSection } from '../components/layout/page-section';
import { pageMeta } from '../lib/page-meta';

export const meta = pageMeta('menu.management.command');

/** Breadcrumb label key and the roles this page needs (SPEC §6: administrators only). */
export const handle = {
  breadcrumb: 'menu.management.command',
  guard: { roles: ['administrator'] },
};

export default function ManagementCommandRoute() {
  return <PageSection titleKey="menu.management.command" />;
}
