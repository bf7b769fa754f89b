import { PageSection } from '../components/layout/page-section';
import { HarvesterDetail } from '../features/harvesters/components/harvester-detail';
import { pageMeta } from '../lib/page-meta';
import type { Route } from './+types/management-harvesters-detail';
import { WhenSignedIn } from './management-harvesters';

export const meta = pageMeta('harvesters.detail.title');

export const handle = { breadcrumb: 'harvesters.detail.title' };

/** One harvester: last run, settings, history (issue 25). Keyed by id: another one starts fresh. */
export default function ManagementHarvestersDetailRoute({ params }: Route.ComponentProps) {
  return (
    <PageSection titleKey="harvesters.detail.title">
      <WhenSignedIn>
        <HarvesterDetail key={params.id} id={params.id} />
      </WhenSignedIn>
    </PageSection>
  );
}
