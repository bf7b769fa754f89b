import { ActionIcon, Paper, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useClickOutside } from '@mantine/hooks';
import type OlMap from 'ol/Map';
import { transformExtent } from 'ol/proj';
import { type FormEvent, useState } from 'react';
import { useIntl } from 'react-intl';
import { useAccess } from '../../../lib/auth/access';
import { type Place, searchPlaces } from '../api/search-places';
import { motionDuration } from '../model/view';
import { PlaceIcon } from './icons';
import classes from './map-controls.module.css';

/**
 * Finds a place among the offline place names and centres the map on it. The answers are a
 * list of buttons under the field (Tab into the list, Enter to go, Escape closes it).
 */
export function PlaceSearch({ map, apiBase }: { map: OlMap | null; apiBase: string }) {
  const intl = useIntl();
  const { client } = useAccess();
  const [text, setText] = useState('');
  const [places, setPlaces] = useState<Place[] | null>(null);
  const [failed, setFailed] = useState(false);
  const ref = useClickOutside(() => setPlaces(null));

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const query = text.trim();
    if (!query) return;
    try {
      setPlaces(await searchPlaces(client, apiBase, query, intl.locale, { limit: 8 }));
      setFailed(false);
    } catch {
      setPlaces([]);
      setFailed(true);
    }
  };

  const go = (place: Place) => {
    // The place's extent fills the map; a point-like one is shown at a town's zoom.
    map?.getView().fit(transformExtent(place.bbox, 'EPSG:4326', 'EPSG:3857'), {
      padding: [24, 24, 24, 24],
      maxZoom: 12,
      duration: motionDuration(),
    });
    setPlaces(null);
    map?.getTargetElement()?.focus();
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape anywhere in the search closes its list.
    <div
      ref={ref}
      className={classes.placeSearch}
      onKeyDown={(event) => {
        if (event.key === 'Escape') setPlaces(null);
      }}
    >
      <form onSubmit={handleSubmit}>
        <TextInput
          size="xs"
          type="search"
          label={intl.formatMessage({ id: 'map.places.label' })}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          rightSection={
            <ActionIcon
              type="submit"
              variant="subtle"
              size="sm"
              aria-label={intl.formatMessage({ id: 'map.places.submit' })}
            >
              <PlaceIcon />
            </ActionIcon>
          }
        />
      </form>
      {places !== null && (
        <Paper shadow="md" withBorder p={4} className={classes.placeList}>
          {places.length === 0 ? (
            <Text size="sm" p={4} role="status">
              {intl.formatMessage({ id: failed ? 'map.places.failed' : 'map.places.none' })}
            </Text>
          ) : (
            <ul aria-label={intl.formatMessage({ id: 'map.places.results' })}>
              {places.map((place) => (
                <li key={place.id}>
                  <UnstyledButton className={classes.listButton} onClick={() => go(place)}>
                    <Text size="sm" span>
                      {place.name}
                    </Text>{' '}
                    {/* Tells apart places of one name (Berlin the state and the city). */}
                    <Text size="xs" c="dimmed" span>
                      {intl.formatMessage({ id: `map.places.kind.${place.kind}` })}
                    </Text>
                  </UnstyledButton>
                </li>
              ))}
            </ul>
          )}
        </Paper>
      )}
    </div>
  );
}
