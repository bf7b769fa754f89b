import { Loader, Text } from '@mantine/core';
import { Component, type ReactNode, type Ref, Suspense, useRef } from 'react';
import { useIntl } from 'react-intl';
import { useStartedAfterLoad } from '../../lib/client-only';
import { useNearWindow } from '../../lib/hooks/use-near-window';
import classes from './small-map.module.css';

/** Takes a small map's place, at the map's size, until the map has loaded in the browser. */
export function SmallMapPlaceholder({
  height,
  testId,
  ref,
}: {
  height: number;
  testId?: string;
  ref?: Ref<HTMLDivElement>;
}) {
  const intl = useIntl();
  return (
    <div
      ref={ref}
      className={`${classes.frame} ${classes.placeholder}`}
      style={{ height }}
      role="status"
      aria-busy="true"
      data-testid={testId}
    >
      <Loader size="sm" aria-hidden="true" />
      <span className="visually-hidden-focusable">{intl.formatMessage({ id: 'map.loading' })}</span>
    </div>
  );
}

/**
 * Stands in for a map whose chunk cannot be loaded (offline, or a new deployment removed the
 * old file): what the page shows beside the map keeps working, so a broken map must not take
 * the whole page down to the route's error page.
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

function SmallMapUnavailable({ height }: { height: number }) {
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
 * Where a lazily loaded small map goes (SPEC §2: the map runs only in the browser). Server and
 * hydration render a placeholder of the map's size; once the page has loaded and the
 * placeholder is near the window (within a window's height), `children` renders the lazy
 * map, with the placeholder while its chunk loads and a notice if it cannot. A map further
 * down a long page (the editor's extent, a record's extent on a phone) costs neither its
 * chunk, its tiles nor the main thread's time until the reader scrolls towards it.
 */
export function SmallMapShell({
  height,
  placeholderTestId,
  children,
}: {
  /** The map's height in CSS pixels, kept by placeholder and notice. */
  height: number;
  placeholderTestId?: string;
  children: () => ReactNode;
}) {
  const waiting = useRef<HTMLDivElement>(null);
  const started = useStartedAfterLoad();
  const near = useNearWindow(waiting);
  if (!started || !near) {
    return <SmallMapPlaceholder ref={waiting} height={height} testId={placeholderTestId} />;
  }
  const placeholder = <SmallMapPlaceholder height={height} testId={placeholderTestId} />;
  return (
    <MapErrorBoundary fallback={<SmallMapUnavailable height={height} />}>
      <Suspense fallback={placeholder}>{children()}</Suspense>
    </MapErrorBoundary>
  );
}
