import { PageSection } from '../components/layout/page-section';
import { pageMeta } from '../lib/page-meta';

export const meta = pageMeta('route.metadata');

/** Breadcrumb label key and the roles that may publish (SPEC §6). */
export const handle = {
  breadcrumb: 'route.metadata',
  guard: { roles: ['administrator', 'editor', 'submitter'] },
};

export default function MetadataRoute() {
  return <PageSection titleKey="route.metadata" />;
}
