import { CloseButton, Divider, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type OlMap from 'ol/Map';
import { unByKey } from 'ol/Observable';
import Overlay from 'ol/Overlay';
import { Fragment, useEffect, useMemo } from 'react';
import { createPortal } from 'react-dom';
import { useIntl } from 'react-intl';
import { type RecordServiceHandlers, useAddRecordServices } from '../hooks/use-add-record-services';
import type { Footprints } from '../hooks/use-footprints';
import { motionDuration } from '../model/view';
import { FootprintEntry } from './footprint-entry';
import classes from './map-controls.module.css';

/** The most records a popup lists; more lie under one click only where footprints pile up. */
const POPUP_MAX = 5;

/** Where the map column stacks above the panel (map-view.module.css): phones, small tablets. */
const SHEET_QUERY = '(max-width: 48em)';

/** On a phone the tapped place moves to this fraction of the map's height from the top. */
const SHEET_PLACE_AT = 0.25;

/**
 * The popup of a footprint click: the records under the pointer with title, type, link and
 * "add to map". An OpenLayers overlay positions it beside the place; React renders into its
 * element. On a narrow screen a popup would cover most of the small map, so it becomes a sheet
 * along the map's bottom edge instead, and the view moves the tapped place into the free upper
 * part. Escape or the close button closes it.
 */
export function FootprintPopup({
  map,
  footprints,
  ...handlers
}: { map: OlMap | null; footprints: Footprints } & RecordServiceHandlers) {
  const intl = useIntl();
  const element = useMemo(() => document.createElement('div'), []);
  const overlay = useMemo(
    () =>
      new Overlay({
        element,
        positioning: 'bottom-center',
        offset: [0, -8],
        autoPan: { animation: { duration: 0 } },
        stopEvent: true,
      }),
    [element],
  );
  const { add, busy } = useAddRecordServices(handlers);
  const { selection, select } = footprints;
  const sheet = useMediaQuery(SHEET_QUERY, false, { getInitialValueInEffect: false }) === true;

  useEffect(() => {
    if (!map) return;
    map.addOverlay(overlay);
    return () => {
      map.removeOverlay(overlay);
    };
  }, [map, overlay]);

  useEffect(() => {
    overlay.setPosition(sheet ? undefined : selection?.coordinate);
  }, [overlay, selection, sheet]);

  // On a phone: the tapped place into the upper part of the map, above the sheet. After a
  // running animation ("on the map" fits the view first), else both would pull the centre.
  useEffect(() => {
    const coordinate = selection?.coordinate;
    if (!sheet || !map || !coordinate) return;
    const view = map.getView();
    const move = () => {
      const size = map.getSize();
      const resolution = view.getResolution();
      if (!size || !resolution) return;
      const [x = 0, y = 0] = coordinate;
      const below = (0.5 - SHEET_PLACE_AT) * (size[1] ?? 0) * resolution;
      view.animate({ center: [x, y - below], duration: motionDuration() });
    };
    if (!view.getAnimating()) {
      move();
      return;
    }
    const key = map.once('moveend', move);
    return () => unByKey(key);
  }, [map, selection, sheet]);

  const items = (selection?.ids ?? []).slice(0, POPUP_MAX).flatMap((id) => {
    const item = footprints.item(id);
    return item ? [item] : [];
  });

  const content =
    selection && items.length > 0 ? (
      <div
        className={sheet ? classes.sheet : classes.popup}
        role="dialog"
        aria-label={intl.formatMessage({ id: 'map.popup.label' })}
        data-testid="footprint-popup"
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            select(null);
            map?.getTargetElement()?.focus();
          }
        }}
      >
        <Stack gap="xs">
          <CloseButton
            size="sm"
            style={{ alignSelf: 'flex-end' }}
            aria-label={intl.formatMessage({ id: 'map.popup.close' })}
            onClick={() => select(null)}
          />
          {items.map((item, index) => (
            <Fragment key={item.id}>
              {index > 0 && <Divider />}
              <FootprintEntry feature={item} onAdd={add} adding={busy === item.id} />
            </Fragment>
          ))}
        </Stack>
      </div>
    ) : null;
  // The sheet lies in the viewport itself, not in an overlay bound to a map coordinate.
  return sheet ? content : createPortal(content, element);
}
