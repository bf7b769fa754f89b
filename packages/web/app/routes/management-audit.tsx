import { PageSection } from '../components/layout/page-section';
import { AuditPage } from '../features/users/components/audit-page';
import { ManagementTabs } from '../features/users/components/management-tabs';
import { pageMeta } from '../lib/page-meta';

export const meta = pageMeta('route.management.audit');

/** Breadcrumb label key and the roles this page needs (SPEC §6: administrators only). */
export const handle = { breadcrumb: 'route.management.audit', guard: { roles: ['administrator'] } };

/** Administration of the audit log (issue 19), one tab of users, groups and audit log. */
export default function ManagementAuditRoute() {
  return (
    <PageSection titleKey="route.management.audit">
      <ManagementTabs current="management.audit" />
      <AuditPage />
    </PageSection>
  );
}
