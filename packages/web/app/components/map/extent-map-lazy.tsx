import { Loader, Text } from '@mantine/core';
import { Component, lazy, type ReactNode, Suspense } from 'react';
import { useIntl } from 'react-intl';
import { ClientOnly } from '../../lib/client-only';
import classes from './extent-map.module.css';
import { EXTENT_MAP_HEIGHT, type ExtentMapProps } from './extent-map-props';

export type { ExtentMapProps };

// The map runs only in the browser (SPEC §2): OpenLayers and the country borders are a separate
// chunk that the server never renders and the browser loads after hydration.
const LazyExtentMap = lazy(() => import('./extent-map'));

/** Takes the map's place, at the map's size, until the map has loaded in the browser. */
function ExtentMapPlaceholder({ height = EXTENT_MAP_HEIGHT }: { height?: number }) {
  const intl = useIntl();
  return (
    <div
      className={`${classes.frame} ${classes.placeholder}`}
      style={{ height }}
      role="status"
      aria-busy="true"
      data-testid="extent-map-placeholder"
    >
      <Loader size="sm" aria-hidden="true" />
      <span className="visually-hidden-focusable">{intl.formatMessage({ id: 'map.loading' })}</span>
    </div>
  );
}

/**
 * Stands in for the map when its chunk cannot be loaded (offline, or a new deployment removed
 * the old file): the numbers and the region picker beside it keep working, so a broken map
 * must not take the whole page down to the route's error page.
 */
class MapErrorBoundary extends Component<{ fallback: ReactNode; children: ReactNode }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

function ExtentMapUnavailable({ height = EXTENT_MAP_HEIGHT }: { height?: number }) {
  const intl = useIntl();
  return (
    <div className={`${classes.frame} ${classes.placeholder}`} style={{ height }} role="status">
      <Text size="sm" c="dimmed" px="md" ta="center">
        {intl.formatMessage({ id: 'map.unavailable' })}
      </Text>
    </div>
  );
}

/**
 * A small map of a bounding box (and footprint), read-only or, with `onChange`, editable.
 * Server and hydration render a placeholder of the same size; the map follows in the browser.
 */
export function ExtentMap(props: ExtentMapProps) {
  const placeholder = <ExtentMapPlaceholder height={props.height} />;
  return (
    <ClientOnly fallback={placeholder}>
      {() => (
        <MapErrorBoundary fallback={<ExtentMapUnavailable height={props.height} />}>
          <Suspense fallback={placeholder}>
            <LazyExtentMap {...props} />
          </Suspense>
        </MapErrorBoundary>
      )}
    </ClientOnly>
  );
}
