import { PageSection } from '../components/layout/page-section';
import { pageMeta } from '../lib/page-meta';

export const meta = pageMeta('route.management');

/** Breadcrumb label key and the roles this page needs (SPEC §6: management is for administrators). */
export const handle = { breadcrumb: 'route.management', guard: { roles: ['administrator'] } };

export default function ManagementIndexRoute() {
  return <PageSection titleKey="route.management" />;
}
