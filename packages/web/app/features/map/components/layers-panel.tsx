import { Button, Divider, FileButton, Stack, Text, Title } from '@mantine/core';
import type OlMap from 'ol/Map';
import { type DragEvent, useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useToast } from '../../../lib/use-toast';
import { type LayerAction, type MapLayer, newLayer, vectorKindOfFile } from '../model/layer-list';
import type { ServiceProblem } from '../model/service-problem';
import { AddLayerForm } from './add-layer-form';
import { LayerItem } from './layer-item';

/** Largest local file read into the map, in bytes (a browser tab, not a GIS). */
const FILE_MAX_BYTES = 20 * 1024 * 1024;

let fileCounter = 0;

/**
 * The layer panel: the added layers, top of the stack first, with their controls; the form
 * to add a service or data by URL; and a local GeoJSON, KML or GPX file, picked or dropped
 * (on the panel or the map).
 */
export function LayersPanel({
  layers,
  dispatch,
  apiBase,
  map,
  pendingService,
  onPendingDone,
  problems,
}: {
  layers: MapLayer[];
  /** Why layers could not be loaded, by layer id. */
  problems: ReadonlyMap<string, ServiceProblem>;
  dispatch: (action: LayerAction) => void;
  apiBase: string;
  map: OlMap | null;
  pendingService?: { kind: 'wms' | 'wmts'; url: string };
  onPendingDone: () => void;
}) {
  const intl = useIntl();
  const toast = useToast();
  const [dragging, setDragging] = useState(false);
  const addRef = useRef<(layer: MapLayer) => void>(() => undefined);
  addRef.current = (layer) => dispatch({ type: 'add', layer });

  const readFile = async (file: File) => {
    const kind = vectorKindOfFile(file.name);
    if (!kind || file.size > FILE_MAX_BYTES) {
      toast.error(intl.formatMessage({ id: 'map.layers.fileUnsupported' }, { name: file.name }));
      return;
    }
    fileCounter += 1;
    addRef.current(
      newLayer({
        id: `file|${file.name}|${fileCounter}`,
        kind,
        url: '',
        title: file.name,
        data: await file.text(),
      }),
    );
  };
  const readFileRef = useRef(readFile);
  readFileRef.current = readFile;

  // Files dropped on the map are added too.
  useEffect(() => {
    const target = map?.getViewport();
    if (!target) return;
    const over = (event: globalThis.DragEvent) => event.preventDefault();
    const drop = (event: globalThis.DragEvent) => {
      event.preventDefault();
      for (const file of event.dataTransfer?.files ?? []) void readFileRef.current(file);
    };
    target.addEventListener('dragover', over);
    target.addEventListener('drop', drop);
    return () => {
      target.removeEventListener('dragover', over);
      target.removeEventListener('drop', drop);
    };
  }, [map]);

  const handleDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    for (const file of event.dataTransfer.files) void readFile(file);
  };

  // The top of the stack first, as people read a layer list.
  const ordered = layers.map((layer, index) => ({ layer, index })).reverse();

  return (
    <Stack
      gap="sm"
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={handleDrop}
      style={dragging ? { outline: '2px dashed var(--mantine-primary-color-filled)' } : undefined}
    >
      <Title order={2} size="h5">
        {intl.formatMessage({ id: 'map.layers.title' })}
      </Title>
      {layers.length === 0 ? (
        <Text size="sm">{intl.formatMessage({ id: 'map.layers.empty' })}</Text>
      ) : (
        <Stack
          component="ul"
          gap="xs"
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
          aria-label={intl.formatMessage({ id: 'map.layers.list' })}
        >
          {ordered.map(({ layer, index }) => (
            <LayerItem
              key={layer.id}
              layer={layer}
              index={index}
              count={layers.length}
              apiBase={apiBase}
              dispatch={dispatch}
              problem={problems.get(layer.id)}
            />
          ))}
        </Stack>
      )}
      <Divider />
      <Title order={2} size="h5">
        {intl.formatMessage({ id: 'map.layers.add' })}
      </Title>
      <AddLayerForm
        apiBase={apiBase}
        onAdd={(layer) => addRef.current(layer)}
        service={pendingService}
        onServiceDone={onPendingDone}
      />
      <FileButton
        onChange={(file) => file && void readFile(file)}
        accept=".geojson,.json,.kml,.gpx"
      >
        {(props) => (
          <Button {...props} size="xs" variant="default">
            {intl.formatMessage({ id: 'map.layers.file' })}
          </Button>
        )}
      </FileButton>
      <Text size="xs" c="dimmed">
        {intl.formatMessage({ id: 'map.layers.dropHint' })}
      </Text>
    </Stack>
  );
}
