import { PageSection } from '../components/layout/page-section';
import { pageMeta } from '../lib/page-meta';

export const meta = pageMeta('route.management');

/** Breadcrumb label key of this route (SPEC §2). */
export const handle = { breadcrumb: 'route.management' };

export default function ManagementRoute() {
  return <PageSection titleKey="route.management" />;
}
