import { Button, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { type RecordServiceHandlers, useAddRecordServices } from '../hooks/use-add-record-services';
import type { Footprints } from '../hooks/use-footprints';
import { footprintTitle } from '../model/footprint-text';
import { FootprintEntry } from './footprint-entry';
import classes from './map-controls.module.css';

/** Entries shown at first and added per "show more". */
const PAGE = 20;

/**
 * The records whose footprints lie in the map's extent, as a list beside the map — the
 * non-map equivalent of the footprints. Hovering or focusing an entry highlights its footprint;
 * hovering a footprint highlights (and scrolls to) its entry.
 */
export function FootprintResults({
  footprints,
  ...handlers
}: { footprints: Footprints } & RecordServiceHandlers) {
  const intl = useIntl();
  const { add, busy } = useAddRecordServices(handlers);
  const [shown, setShown] = useState(PAGE);
  const { items, numberMatched, counted, loading, failed, highlighted, highlight, show } =
    footprints;
  const listRef = useRef<HTMLUListElement>(null);

  // New footprints start the list again at its first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the items change.
  useEffect(() => setShown(PAGE), [items]);

  // The entries shown, plus the highlighted one when it lies further down the list, so that
  // hovering any footprint shows its entry without rendering thousands of them.
  const listed = useMemo(() => {
    const page = items.slice(0, shown);
    const extra = highlighted ? items.findIndex((item) => item.id === highlighted) : -1;
    const more = extra >= shown ? items[extra] : undefined;
    return more ? [...page, more] : page;
  }, [items, shown, highlighted]);

  // A footprint hovered on the map: its entry comes into view, without stealing focus.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the entry may be new in `listed`.
  useEffect(() => {
    if (!highlighted) return;
    const entry = listRef.current?.querySelector(`[data-id="${CSS.escape(highlighted)}"]`);
    entry?.scrollIntoView?.({ block: 'nearest' });
  }, [highlighted, listed]);

  return (
    <Stack gap="xs">
      <Text size="sm" role="status" data-testid="footprint-count" className={classes.count}>
        {(loading || (!counted && !failed)) && <Loader size="xs" aria-hidden="true" />}
        {failed
          ? intl.formatMessage({ id: 'map.results.failed' })
          : counted
            ? intl.formatMessage(
                { id: 'map.results.count' },
                { shown: items.length, matched: numberMatched },
              )
            : intl.formatMessage({ id: 'map.results.loading' })}
      </Text>
      <ul
        ref={listRef}
        aria-label={intl.formatMessage({ id: 'map.results.list' })}
        style={{ listStyle: 'none', margin: 0, padding: 0 }}
      >
        {listed.map((item) => (
          <li
            key={item.id}
            data-id={item.id}
            className={`${classes.resultItem} ${highlighted === item.id ? classes.highlighted : ''}`}
            onMouseEnter={() => highlight(item.id)}
            onMouseLeave={() => highlight(null)}
            onFocus={() => highlight(item.id)}
          >
            <FootprintEntry feature={item} onAdd={add} adding={busy === item.id}>
              <Button
                size="compact-xs"
                variant="subtle"
                onClick={() => show(item.id)}
                aria-label={intl.formatMessage(
                  { id: 'map.results.showOnMapNamed' },
                  { title: footprintTitle(item, intl.locale) },
                )}
              >
                {intl.formatMessage({ id: 'map.results.showOnMap' })}
              </Button>
            </FootprintEntry>
          </li>
        ))}
      </ul>
      {items.length > shown && (
        <Button variant="default" size="xs" onClick={() => setShown((count) => count + PAGE)}>
          {intl.formatMessage({ id: 'map.results.more' })}
        </Button>
      )}
    </Stack>
  );
}
