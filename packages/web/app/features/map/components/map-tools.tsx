import { Button, Group, Text } from '@mantine/core';
import type OlMap from 'ol/Map';
import { fromLonLat } from 'ol/proj';
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { SegmentedRadios } from '../../../components/inputs/segmented-radios';
import { useToast } from '../../../lib/use-toast';
import { type MeasureKind, useMeasure } from '../hooks/use-measure';
import { motionDuration } from '../model/view';

/** Geolocation and measuring (distance, area); the result is read out as it changes. */
export function MapTools({ map }: { map: OlMap | null }) {
  const intl = useIntl();
  const toast = useToast();
  const labelId = useId();
  const [kind, setKind] = useState<MeasureKind | 'none'>('none');
  const { result, ready } = useMeasure(map, kind === 'none' ? null : kind);

  const handleLocate = () => {
    if (!('geolocation' in navigator)) {
      toast.error(intl.formatMessage({ id: 'map.tools.locateUnavailable' }));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) => {
        map?.getView().animate({
          center: fromLonLat([position.coords.longitude, position.coords.latitude]),
          zoom: 14,
          duration: motionDuration(),
        });
      },
      (error) =>
        toast.error(
          intl.formatMessage({
            id:
              error.code === error.PERMISSION_DENIED
                ? 'map.tools.locateDenied'
                : 'map.tools.locateFailed',
          }),
        ),
      { enableHighAccuracy: false, timeout: 10_000 },
    );
  };

  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      <Button size="xs" variant="default" onClick={handleLocate}>
        {intl.formatMessage({ id: 'map.tools.locate' })}
      </Button>
      <div>
        <Text size="xs" fw={500} id={labelId}>
          {intl.formatMessage({ id: 'map.tools.measure' })}
        </Text>
        <SegmentedRadios
          aria-labelledby={labelId}
          value={kind}
          onChange={setKind}
          data={[
            { value: 'none', label: intl.formatMessage({ id: 'map.tools.measureOff' }) },
            { value: 'distance', label: intl.formatMessage({ id: 'map.tools.measureDistance' }) },
            { value: 'area', label: intl.formatMessage({ id: 'map.tools.measureArea' }) },
          ]}
        />
      </div>
      <Text size="xs" aria-live="polite" data-testid="measure-result" miw="6rem">
        {kind !== 'none' &&
          ready &&
          (result
            ? intl.formatMessage({ id: 'map.tools.measureResult' }, { value: result })
            : intl.formatMessage({ id: 'map.tools.measureHint' }))}
      </Text>
    </Group>
  );
}
