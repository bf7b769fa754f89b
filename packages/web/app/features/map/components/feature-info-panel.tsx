import { Loader, Stack, Text, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import type { FeatureInfo } from '../hooks/use-feature-info';
import classes from './map-controls.module.css';

/** The answers of the WMS layers to the last click (GetFeatureInfo), as plain text. */
export function FeatureInfoPanel({ info }: { info: FeatureInfo }) {
  const intl = useIntl();
  if (!info.asked) {
    return <Text size="sm">{intl.formatMessage({ id: 'map.info.hint' })}</Text>;
  }
  return (
    <Stack gap="sm" aria-live="polite" data-testid="feature-info">
      {info.loading && (
        <Text size="sm">
          <Loader size="xs" mr={6} aria-hidden="true" />
          {intl.formatMessage({ id: 'map.info.loading' })}
        </Text>
      )}
      {info.results.map((result) => (
        <section key={result.layerId}>
          <Title order={3} size="h6">
            {result.title}
          </Title>
          {result.failed ? (
            <Text size="sm" c="var(--mantine-color-error)">
              {intl.formatMessage({ id: 'map.info.failed' })}
            </Text>
          ) : result.text ? (
            <pre className={classes.info}>{result.text}</pre>
          ) : (
            <Text size="sm">{intl.formatMessage({ id: 'map.info.nothing' })}</Text>
          )}
        </section>
      ))}
    </Stack>
  );
}
