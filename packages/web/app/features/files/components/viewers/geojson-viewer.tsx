import type { FileEntry } from '@geoportal/contract/files';
import { Alert, Loader, Stack, Text } from '@mantine/core';
import { lazy, useCallback, useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { SmallMapShell } from '../../../../components/map/small-map-shell';
import { useAccess } from '../../../../lib/auth/access';
import { useLoaded } from '../../../../lib/hooks/use-loaded';
import type { FileRef } from '../../api/file-paths';
import { getFileText } from '../../api/get-file-text';
import { formatSize } from '../../model/format-size';
import { parseGeoJson } from '../../model/geojson';
import { ViewerFailure } from './viewer-failure';

/** Larger GeoJSON files are offered for download only: parsing and drawing them would stall a phone. */
export const GEOJSON_MAX_BYTES = 10_000_000;
/** Height of the map and of its placeholder, in CSS pixels. */
export const GEOJSON_MAP_HEIGHT = 320;

// OpenLayers runs only in the browser and comes as its own chunk, loaded when a GeoJSON file
// is shown (the pattern of components/map/extent-map-lazy.tsx).
const LazyGeoJsonMap = lazy(() => import('./geojson-map'));

/**
 * A GeoJSON file on a small map, with the number of its features. The file is read through
 * the client and parsed here; the map follows in the browser.
 */
export function GeoJsonViewer({ fileRef, file }: { fileRef: FileRef; file: FileEntry }) {
  const { client } = useAccess();
  const intl = useIntl();
  const tooLarge = file.size > GEOJSON_MAX_BYTES;
  const load = useCallback(
    (signal: AbortSignal) => getFileText(client, fileRef, { signal }),
    [client, fileRef],
  );
  const text = useLoaded(tooLarge ? null : load);
  const parsed = useMemo(
    () => (text.data === undefined ? undefined : parseGeoJson(text.data)),
    [text.data],
  );

  if (tooLarge) {
    return (
      <Text>
        <FormattedMessage
          id="files.geojson.tooLarge"
          values={{ max: formatSize(GEOJSON_MAX_BYTES, intl.locale) }}
        />
      </Text>
    );
  }
  if (text.error !== undefined) return <ViewerFailure error={text.error} />;
  if (parsed === undefined) {
    return (
      <Loader
        size="sm"
        role="status"
        aria-label={intl.formatMessage({ id: 'files.viewer.loading' })}
      />
    );
  }
  if (parsed === null) {
    return (
      <Alert color="red" title={intl.formatMessage({ id: 'files.geojson.invalid' })}>
        {intl.formatMessage({ id: 'files.geojson.invalidHint' })}
      </Alert>
    );
  }
  const label = intl.formatMessage({ id: 'files.geojson.mapLabel' }, { path: file.path });
  return (
    <Stack gap="xs">
      <Text size="sm">
        <FormattedMessage id="files.geojson.count" values={{ count: parsed.featureCount }} />
      </Text>
      {parsed.outOfRange && (
        <Text size="sm">
          <FormattedMessage id="files.geojson.outOfRange" />
        </Text>
      )}
      <SmallMapShell height={GEOJSON_MAP_HEIGHT}>
        {() => <LazyGeoJsonMap data={parsed.data} label={label} height={GEOJSON_MAP_HEIGHT} />}
      </SmallMapShell>
    </Stack>
  );
}
