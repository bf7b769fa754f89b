import { PageSection } from '../components/layout/page-section';
import { MyRecords } from '../features/records/components/my-records';
import { hasAnyRole } from '../lib/auth/role-check';
import { useAuth } from '../lib/auth/use-auth';
import { pageMeta } from '../lib/page-meta';

export const meta = pageMeta('route.metadata.mine');

/** Breadcrumb label key; any signed-in user may have records (`*`). */
export const handle = { breadcrumb: 'route.metadata.mine', guard: { roles: ['*'] } };

/** `metadata.mine`: the own records by state, and the review queue for editors. */
export default function MetadataMineRoute() {
  const { principal } = useAuth();
  return (
    <PageSection titleKey="route.metadata.mine">
      {principal && (
        // Keyed by user: a sign-in as someone else starts the lists afresh.
        <MyRecords
          key={principal.name}
          reviewer={hasAnyRole(principal, ['administrator', 'editor'])}
          publisher={hasAnyRole(principal, ['administrator', 'editor', 'submitter'])}
        />
      )}
    </PageSection>
  );
}
