import { lazy, Suspense } from 'react';
import { MapPlaceholder } from '../components/map/map-placeholder';
import { ClientOnly } from '../lib/client-only';
import { pageMeta } from '../lib/page-meta';

// The map runs only in the browser (SPEC §2): its code is a separate chunk ("map-view") that
// the server never renders and the browser loads after hydration.
const MapView = lazy(() => import('../features/map/components/map-view'));

export const meta = pageMeta('route.home');

export const handle = { breadcrumb: 'route.home' };

export default function HomeRoute() {
  return (
    <ClientOnly fallback={<MapPlaceholder />}>
      {() => (
        <Suspense fallback={<MapPlaceholder />}>
          <MapView />
        </Suspense>
      )}
    </ClientOnly>
  );
}
