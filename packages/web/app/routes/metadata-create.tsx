import { PageSection } from '../components/layout/page-section';
import { CreateRecordForm } from '../features/records/components/create-record-form';
import { pageMeta } from '../lib/page-meta';

export const meta = pageMeta('route.metadata.create');

/** Breadcrumb label key and the roles that may publish (SPEC §6). */
export const handle = {
  breadcrumb: 'route.metadata.create',
  guard: { roles: ['administrator', 'editor', 'submitter'] },
};

/** `metadata.create`: for now the minimal form that starts a draft (see CreateRecordForm). */
export default function MetadataCreateRoute() {
  return (
    <PageSection titleKey="route.metadata.create">
      <CreateRecordForm />
    </PageSection>
  );
}
