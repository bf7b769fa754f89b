import { CloseButton, Divider, Stack } from '@mantine/core';
import type OlMap from 'ol/Map';
import Overlay from 'ol/Overlay';
import { Fragment, useEffect, useMemo } from 'react';
import { createPortal } from 'react-dom';
import { useIntl } from 'react-intl';
import { type RecordServiceHandlers, useAddRecordServices } from '../hooks/use-add-record-services';
import type { Footprints } from '../hooks/use-footprints';
import { FootprintEntry } from './footprint-entry';
import classes from './map-controls.module.css';

/** The most records a popup lists; more lie under one click only where footprints pile up. */
const POPUP_MAX = 5;

/**
 * The popup of a footprint click: the records under the pointer with title, type, link and
 * "add to map". An OpenLayers overlay positions it; React renders into its element. Escape or
 * the close button closes it.
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

  useEffect(() => {
    if (!map) return;
    map.addOverlay(overlay);
    return () => {
      map.removeOverlay(overlay);
    };
  }, [map, overlay]);

  useEffect(() => {
    overlay.setPosition(selection?.coordinate);
  }, [overlay, selection]);

  const items = (selection?.ids ?? []).slice(0, POPUP_MAX).flatMap((id) => {
    const item = footprints.item(id);
    return item ? [item] : [];
  });

  return createPortal(
    selection && items.length > 0 ? (
      <div
        className={classes.popup}
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
    ) : null,
    element,
  );
}
