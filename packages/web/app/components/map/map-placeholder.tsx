import { Loader } from '@mantine/core';
import { useIntl } from 'react-intl';
import classes from './map.module.css';

/** Takes the map's place, at the map's size, until the map has loaded in the browser. */
export function MapPlaceholder() {
  const intl = useIntl();
  return (
    <div
      className={`${classes.viewport} ${classes.placeholder}`}
      role="status"
      aria-busy="true"
      data-testid="map-placeholder"
    >
      <Loader size="md" aria-hidden="true" />
      <span className="visually-hidden-focusable">{intl.formatMessage({ id: 'map.loading' })}</span>
    </div>
  );
}
