import { PageSection } from '../components/layout/page-section';
import { pageMeta } from '../lib/page-meta';

export const meta = pageMeta('route.login');

/** Breadcrumb label key of this route (SPEC §2). */
export const handle = { breadcrumb: 'route.login' };

export default function LoginRoute() {
  return <PageSection titleKey="route.login" />;
}
