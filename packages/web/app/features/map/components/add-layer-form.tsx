import { Button, Checkbox, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { useAccess } from '../../../lib/auth/access';
import { getCapabilities } from '../api/fetch-external';
import type { MapService } from '../model/capabilities';
import {
  isVectorKind,
  type LayerKind,
  layerKinds,
  type MapLayer,
  newLayer,
} from '../model/layer-list';
import { type ServiceProblem, serviceProblemOf } from '../model/service-problem';
import { ServiceProblemAlert } from './service-problem-alert';

const kindLabels: Record<LayerKind, string> = {
  wms: 'WMS',
  wmts: 'WMTS',
  geojson: 'GeoJSON',
  kml: 'KML',
  gpx: 'GPX',
};

/**
 * Adds a layer by URL: a WMS or WMTS (its capabilities read directly or through the proxy,
 * then layers
 * picked from the list) or GeoJSON, KML or GPX data. `service` pre-fills the form and loads
 * the capabilities at once ("open in map" links and records without a named layer).
 */
export function AddLayerForm({
  apiBase,
  onAdd,
  service,
  onServiceDone,
}: {
  apiBase: string;
  onAdd: (layer: MapLayer) => void;
  service?: { kind: 'wms' | 'wmts'; url: string };
  onServiceDone: () => void;
}) {
  const intl = useIntl();
  const { client } = useAccess();
  const [kind, setKind] = useState<LayerKind>('wms');
  const [url, setUrl] = useState('');
  const [error, setError] = useState('');
  // Why the last service could not be read, with the service it was about.
  const [problem, setProblem] = useState<{
    problem: ServiceProblem;
    kind: 'wms' | 'wmts';
    url: string;
  } | null>(null);
  const [loading, setLoading] = useState(false);
  const [capabilities, setCapabilities] = useState<MapService | null>(null);
  const [picked, setPicked] = useState<string[]>([]);

  const load = async (loadKind: 'wms' | 'wmts', serviceUrl: string) => {
    setLoading(true);
    setError('');
    setProblem(null);
    setCapabilities(null);
    try {
      const parsed = await getCapabilities(client, apiBase, loadKind, serviceUrl);
      setCapabilities(parsed);
      setPicked(parsed.layers.length === 1 ? [parsed.layers[0]?.name ?? ''] : []);
    } catch (failure) {
      // The alert below says why and offers the capabilities URL.
      setProblem({ problem: serviceProblemOf(failure), kind: loadKind, url: serviceUrl });
    } finally {
      setLoading(false);
    }
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once per offered service.
  useEffect(() => {
    if (!service) return;
    setKind(service.kind);
    setUrl(service.url);
    void load(service.kind, service.url);
    onServiceDone();
  }, [service]);

  const validUrl = (() => {
    try {
      return ['http:', 'https:'].includes(new URL(url.trim()).protocol);
    } catch {
      return false;
    }
  })();

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!validUrl) {
      setError(intl.formatMessage({ id: 'map.layers.urlInvalid' }));
      return;
    }
    if (isVectorKind(kind)) {
      onAdd(newLayer({ kind, url: url.trim() }));
      setUrl('');
      return;
    }
    void load(kind, url.trim());
  };

  const handleAddPicked = () => {
    if (!capabilities) return;
    for (const layer of capabilities.layers) {
      if (!picked.includes(layer.name)) continue;
      onAdd(
        newLayer({
          kind: capabilities.kind,
          url: url.trim(),
          name: layer.name,
          title: layer.title,
        }),
      );
    }
    setCapabilities(null);
    setPicked([]);
  };

  return (
    <Stack gap="xs">
      <form onSubmit={handleSubmit}>
        <Stack gap="xs">
          <NativeSelect
            size="xs"
            label={intl.formatMessage({ id: 'map.layers.kind' })}
            data={layerKinds.map((value) => ({ value, label: kindLabels[value] }))}
            value={kind}
            onChange={(event) => {
              setKind(event.currentTarget.value as LayerKind);
              setCapabilities(null);
            }}
          />
          <TextInput
            size="xs"
            type="url"
            label={intl.formatMessage({ id: 'map.layers.url' })}
            value={url}
            onChange={(event) => setUrl(event.currentTarget.value)}
            error={error || undefined}
          />
          <Button type="submit" size="xs" loading={loading}>
            {intl.formatMessage({
              id: isVectorKind(kind) ? 'map.layers.addData' : 'map.layers.loadService',
            })}
          </Button>
        </Stack>
      </form>
      {problem && <ServiceProblemAlert {...problem} />}
      {capabilities && (
        <Stack gap={4}>
          <Checkbox.Group
            label={intl.formatMessage(
              { id: 'map.layers.pick' },
              { service: capabilities.title || url },
            )}
            value={picked}
            onChange={setPicked}
          >
            <Stack gap={4} mt={4}>
              {capabilities.layers.map((layer) => (
                <Checkbox key={layer.name} size="xs" value={layer.name} label={layer.title} />
              ))}
            </Stack>
          </Checkbox.Group>
          {picked.length === 0 && (
            <Text size="xs" c="dimmed">
              {intl.formatMessage({ id: 'map.layers.pickHint' })}
            </Text>
          )}
          <Button size="xs" disabled={picked.length === 0} onClick={handleAddPicked}>
            {intl.formatMessage({ id: 'map.layers.addPicked' }, { count: picked.length })}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
