import { useNavigate } from 'react-router';
import { PageSection } from '../components/layout/page-section';
import { HarvesterForm } from '../features/harvesters/components/harvester-form';
import { pageMeta } from '../lib/page-meta';
import { pathTo } from '../route-paths';
import { WhenSignedIn } from './management-harvesters';

export const meta = pageMeta('harvesters.create.title');

export const handle = { breadcrumb: 'harvesters.create.title' };

/** A new harvester; once saved, its own page opens (to run it). */
export default function ManagementHarvestersCreateRoute() {
  const navigate = useNavigate();
  return (
    <PageSection titleKey="harvesters.create.title">
      <WhenSignedIn>
        <HarvesterForm
          onSaved={(harvester) =>
            void navigate(pathTo('management.harvesters.detail', { id: harvester.id }))
          }
        />
      </WhenSignedIn>
    </PageSection>
  );
}
