import { PageSection } from '../components/layout/page-section';
import { HarvestersPage } from '../features/harvesters/components/harvesters-page';
import { pageMeta } from '../lib/page-meta';
import { WhenSignedIn } from './management-harvesters';

export const meta = pageMeta('menu.management.harvesters');

/** The list of harvesters with their last runs (issue 25). */
export default function ManagementHarvestersIndexRoute() {
  return (
    <PageSection titleKey="menu.management.harvesters">
      <WhenSignedIn>
        <HarvestersPage />
      </WhenSignedIn>
    </PageSection>
  );
}
