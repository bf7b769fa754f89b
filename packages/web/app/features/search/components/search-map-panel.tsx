import type { BoundingBox } from '@geoportal/contract/record';
import { Button, Group, Text, Title } from '@mantine/core';
import { lazy, useEffect, useId, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { SmallMapShell } from '../../../components/map/small-map-shell';
import classes from './search.module.css';
import { type Footprint, SEARCH_MAP_HEIGHT } from './search-map-props';

// The map runs only in the browser (SPEC §2): OpenLayers is a separate chunk that the server
// never renders and the browser loads after hydration; a placeholder of its size holds the place.
const LazySearchMap = lazy(() => import('./search-map'));

export interface SearchMapPanelProps {
  footprints: Footprint[];
  bbox: BoundingBox | undefined;
  hoveredId: string | null;
  onHover: (id: string | null) => void;
  onSelect: (id: string) => void;
  /** Filters by an extent: the visible area ("search this area") or a drawn box. */
  onBbox: (box: BoundingBox) => void;
}

/**
 * The map beside (or on phones above, foldable) the hits, with "search this area" and
 * "draw a box". Both filter by extent; the keyboard way is to pan and zoom the focused map
 * and press "search this area". Escape ends drawing.
 */
export function SearchMapPanel({
  footprints,
  bbox,
  hoveredId,
  onHover,
  onSelect,
  onBbox,
}: SearchMapPanelProps) {
  const intl = useIntl();
  const headingId = useId();
  const bodyId = useId();
  const [open, setOpen] = useState(true);
  const [drawing, setDrawing] = useState(false);
  const view = useRef<BoundingBox | undefined>(undefined);
  const [viewKnown, setViewKnown] = useState(false);

  useEffect(() => {
    if (!drawing) return;
    const handleKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setDrawing(false);
    };
    window.addEventListener('keydown', handleKey);
    return () => window.removeEventListener('keydown', handleKey);
  }, [drawing]);

  return (
    <section aria-labelledby={headingId}>
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Title order={2} size="h4" id={headingId}>
          <FormattedMessage id="search.map.title" />
        </Title>
        <Button
          className={classes.phoneOnly}
          variant="default"
          size="compact-sm"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen((value) => !value)}
        >
          <FormattedMessage id={open ? 'search.map.hide' : 'search.map.show'} />
        </Button>
      </Group>
      <div id={bodyId} className={open ? undefined : classes.folded}>
        <SmallMapShell height={SEARCH_MAP_HEIGHT} placeholderTestId="search-map-placeholder">
          {() => (
            <LazySearchMap
              footprints={footprints}
              bbox={bbox}
              hoveredId={hoveredId}
              onHover={onHover}
              onSelect={onSelect}
              drawing={drawing}
              onDrawn={(box) => {
                setDrawing(false);
                onBbox(box);
              }}
              onViewChange={(box) => {
                view.current = box;
                setViewKnown(true);
              }}
              label={intl.formatMessage({ id: 'search.map.label' })}
              height={SEARCH_MAP_HEIGHT}
            />
          )}
        </SmallMapShell>
        <div className={classes.mapToolbar}>
          <Button
            size="compact-sm"
            variant="light"
            disabled={!viewKnown}
            onClick={() => view.current && onBbox(view.current)}
          >
            <FormattedMessage id="search.map.searchArea" />
          </Button>
          <Button
            size="compact-sm"
            variant={drawing ? 'filled' : 'light'}
            aria-pressed={drawing}
            disabled={!viewKnown}
            onClick={() => setDrawing((value) => !value)}
          >
            <FormattedMessage id="search.map.draw" />
          </Button>
        </div>
        <Text size="xs" c="dimmed" mt={4} aria-live="polite">
          {drawing ? intl.formatMessage({ id: 'search.map.drawing' }) : null}
        </Text>
      </div>
    </section>
  );
}
