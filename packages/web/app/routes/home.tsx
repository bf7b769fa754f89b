import { lazy, Suspense, startTransition, useEffect, useState } from 'react';
import { MapPlaceholder } from '../components/map/map-placeholder';
import { whenIdleAfterLoad } from '../lib/idle';
import { pageMeta } from '../lib/page-meta';

// The map runs only in the browser (SPEC §2): its code is a separate chunk ("map-view") that
// the server never renders.
const MapView = lazy(() => import('../features/map/components/map-view'));

/**
 * Milliseconds after hydration by which the map starts even if the browser never falls idle.
 * Until then the page's own text is painted and usable; the map (OpenLayers, its tiles and
 * the footprints) must not compete with it for the network and the main thread.
 */
const MAP_START_LATEST_MS = 3000;

export const meta = pageMeta('route.home');

export const handle = { breadcrumb: 'route.home' };

export default function HomeRoute() {
  // The server and the first render in the browser show the placeholder; the map's chunk is
  // asked for once the page has loaded and the browser is idle.
  const [started, setStarted] = useState(false);
  // A transition: the map's first render is cut into short tasks that input can interrupt.
  useEffect(
    () => whenIdleAfterLoad(() => startTransition(() => setStarted(true)), MAP_START_LATEST_MS),
    [],
  );
  return started ? (
    <Suspense fallback={<MapPlaceholder />}>
      <MapView />
    </Suspense>
  ) : (
    <MapPlaceholder />
  );
}
