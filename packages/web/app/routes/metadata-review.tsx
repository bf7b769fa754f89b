import { PageSection } from '../components/layout/page-section';
import { ReviewQueue } from '../features/records/components/review-queue';
import { pageMeta } from '../lib/page-meta';

export const meta = pageMeta('route.metadata.review');

/** Breadcrumb label key; the queue is the editors' and administrators' (DESIGN §5). */
export const handle = {
  breadcrumb: 'route.metadata.review',
  guard: { roles: ['administrator', 'editor'] },
};

/** `metadata.review`: the submitted records waiting for review, longest waiting first. */
export default function MetadataReviewRoute() {
  return (
    <PageSection titleKey="route.metadata.review">
      <ReviewQueue />
    </PageSection>
  );
}
