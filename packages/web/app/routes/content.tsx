import { PageSection } from '../components/layout/page-section';
import { pageMeta } from '../lib/page-meta';

export const meta = pageMeta('route.content');

/** Breadcrumb label key of this route (SPEC §2). */
export const handle = { breadcrumb: 'route.content' };

export default function ContentRoute() {
  return <PageSection titleKey="route.content" />;
}
