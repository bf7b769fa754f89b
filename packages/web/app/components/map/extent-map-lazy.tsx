import { lazy } from 'react';
import { EXTENT_MAP_HEIGHT, type ExtentMapProps } from './extent-map-props';
import { SmallMapShell } from './small-map-shell';

export type { ExtentMapProps };

// The map runs only in the browser (SPEC §2): OpenLayers and the country borders are a separate
// chunk that the server never renders and the browser loads after hydration.
const LazyExtentMap = lazy(() => import('./extent-map'));

/**
 * A small map of a bounding box (and footprint), read-only or, with `onChange`, editable.
 * Server and hydration render a placeholder of the same size; the map follows in the browser.
 */
export function ExtentMap(props: ExtentMapProps) {
  return (
    <SmallMapShell
      height={props.height ?? EXTENT_MAP_HEIGHT}
      placeholderTestId="extent-map-placeholder"
    >
      {() => <LazyExtentMap {...props} />}
    </SmallMapShell>
  );
}
