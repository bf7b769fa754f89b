import { PageSection } from '../components/layout/page-section';
import { pageMeta } from '../lib/page-meta';

export const meta = pageMeta('route.search');

/** Breadcrumb label key of this route (SPEC §2). */
export const handle = { breadcrumb: 'route.search' };

export default function SearchRoute() {
  return <PageSection titleKey="route.search" />;
}
