import type { OperatorBasemap } from '@geoportal/contract/geo';
import { NativeSelect } from '@mantine/core';
import { useIntl } from 'react-intl';
import { defaultBasemap } from '../model/url-state';

/**
 * Chooses the basemap: the offline one or an operator's online basemap. The online ones say
 * that they need the internet (they load from their providers, not from this server).
 */
export function BasemapSwitcher({
  value,
  onChange,
  basemaps,
}: {
  value: string;
  onChange: (id: string) => void;
  basemaps: OperatorBasemap[];
}) {
  const intl = useIntl();
  const language = intl.locale === 'en' ? 'en' : 'de';
  const data = [
    { value: defaultBasemap, label: intl.formatMessage({ id: 'map.basemap.offline' }) },
    ...basemaps.map((basemap) => ({
      value: basemap.id,
      label: intl.formatMessage({ id: 'map.basemap.online' }, { title: basemap.title[language] }),
    })),
  ];
  return (
    <NativeSelect
      size="xs"
      label={intl.formatMessage({ id: 'map.basemap.label' })}
      description={
        basemaps.length > 0 ? intl.formatMessage({ id: 'map.basemap.offlineHint' }) : undefined
      }
      data={data}
      value={data.some((entry) => entry.value === value) ? value : defaultBasemap}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
