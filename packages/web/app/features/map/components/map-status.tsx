import { Group, NativeSelect, Text } from '@mantine/core';
import type OlMap from 'ol/Map';
import { unByKey } from 'ol/Observable';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import {
  type CoordinateSystem,
  coordinateSystems,
  ensureProjection,
  formatCoordinate,
} from '../model/projections';
import { extentToBbox } from '../model/view';
import classes from './map-controls.module.css';

/**
 * The status bar: the pointer's coordinates in a chosen coordinate system, and the map's
 * extent and zoom in numbers (the non-map equivalent of what the map shows).
 */
export function MapStatus({ map }: { map: OlMap | null }) {
  const intl = useIntl();
  const [system, setSystem] = useState<CoordinateSystem>('EPSG:4326');
  const [pointer, setPointer] = useState<number[] | null>(null);
  // Bumped once a system's definitions have loaded, so the text is written again.
  const [, setLoaded] = useState(0);
  useEffect(() => {
    let active = true;
    ensureProjection(system).then(
      () => active && setLoaded((count) => count + 1),
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, [system]);
  const [extent, setExtent] = useState<{ bbox: number[]; zoom: number } | null>(null);

  useEffect(() => {
    if (!map) return;
    let frame = 0;
    const move = map.on('pointermove', (event) => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setPointer(event.coordinate));
    });
    const leave = () => setPointer(null);
    const viewport = map.getViewport();
    viewport?.addEventListener('pointerleave', leave);
    const update = () => {
      const size = map.getSize();
      if (!size) return;
      setExtent({
        bbox: extentToBbox(map.getView().calculateExtent(size)),
        zoom: map.getView().getZoom() ?? 0,
      });
    };
    const end = map.on('moveend', update);
    update();
    return () => {
      cancelAnimationFrame(frame);
      unByKey([move, end]);
      viewport?.removeEventListener('pointerleave', leave);
    };
  }, [map]);

  const number = new Intl.NumberFormat(intl.locale, { maximumFractionDigits: 4 });
  return (
    <div className={classes.status}>
      <Group gap={6} wrap="nowrap">
        <NativeSelect
          size="xs"
          aria-label={intl.formatMessage({ id: 'map.status.crs' })}
          data={[...coordinateSystems]}
          value={system}
          onChange={(event) => setSystem(event.currentTarget.value as CoordinateSystem)}
        />
        <Text size="xs" data-testid="pointer-coordinates">
          {intl.formatMessage({ id: 'map.status.pointer' })}{' '}
          {(pointer && formatCoordinate(pointer, system, intl.locale)) || '–'}
        </Text>
      </Group>
      <Text size="xs" data-testid="map-extent" className={classes.extent}>
        {extent
          ? intl.formatMessage(
              { id: 'map.status.extent' },
              {
                west: number.format(extent.bbox[0] ?? 0),
                south: number.format(extent.bbox[1] ?? 0),
                east: number.format(extent.bbox[2] ?? 0),
                north: number.format(extent.bbox[3] ?? 0),
                zoom: new Intl.NumberFormat(intl.locale, { maximumFractionDigits: 1 }).format(
                  extent.zoom,
                ),
              },
            )
          : ''}
      </Text>
    </div>
  );
}
