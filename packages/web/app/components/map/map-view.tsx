import { useIntl } from 'react-intl';
import classes from './map.module.css';

/**
 * The map viewport, loaded only in the browser. It is the element the map library will
 * draw into; until the map viewer is built it stays an empty labelled region.
 */
export default function MapView() {
  const intl = useIntl();
  return (
    <section
      className={classes.viewport}
      aria-label={intl.formatMessage({ id: 'map.region' })}
      data-testid="map-viewport"
    />
  );
}
