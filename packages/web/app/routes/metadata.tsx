import { PageSection } from '../components/layout/page-section';
import { pageMeta } from '../lib/page-meta';

export const meta = pageMeta('route.metadata');

/** Breadcrumb label key of this route (SPEC §2). */
export const handle = { breadcrumb: 'route.metadata' };

export default function MetadataRoute() {
  return <PageSection titleKey="route.metadata" />;
}
