import { Loader, Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import classes from './map.module.css';

/**
 * Takes the map viewer's place until the map has loaded in the browser: the same columns at
 * the same size (the map's box, and beside or below it the side panel with the page's
 * introduction), so nothing moves when the viewer takes over. The introduction is the page's
 * text, painted with the server's HTML.
 */
export function MapPlaceholder() {
  const intl = useIntl();
  return (
    <div className={classes.columns} data-testid="map-placeholder">
      <div className={classes.mapColumn}>
        <div className={`${classes.target} ${classes.placeholder}`} role="status" aria-busy="true">
          <Loader size="md" aria-hidden="true" />
          <span className="visually-hidden-focusable">
            {intl.formatMessage({ id: 'map.loading' })}
          </span>
        </div>
      </div>
      <div className={classes.side}>
        <MapIntro className={classes.intro} />
      </div>
    </div>
  );
}

/** What the home page's map and list are for, in a sentence or two. */
export function MapIntro({ className }: { className?: string }) {
  const intl = useIntl();
  return (
    <Text className={className} size="sm" data-testid="map-intro">
      {intl.formatMessage({ id: 'map.intro' })}
    </Text>
  );
}
