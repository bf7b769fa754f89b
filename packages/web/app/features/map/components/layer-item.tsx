import { ActionIcon, Checkbox, Group, Paper, Slider, Stack, Text } from '@mantine/core';
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { proxiedUrl } from '../../../lib/http/geo-url';
import type { LayerAction, MapLayer } from '../model/layer-list';
import { wmsLegendUrl } from '../model/legend';
import type { ServiceProblem } from '../model/service-problem';
import { rememberProxied, triesDirect } from '../model/service-route';
import classes from './map-controls.module.css';
import { ServiceProblemAlert } from './service-problem-alert';

/**
 * One added layer: visibility, opacity, order (up and down buttons, so the keyboard can
 * reorder), legend (WMS GetLegendGraphic, directly or through the proxy), remove, and why the
 * layer failed when it did.
 */
export function LayerItem({
  layer,
  index,
  count,
  apiBase,
  dispatch,
  problem,
}: {
  layer: MapLayer;
  index: number;
  count: number;
  apiBase: string;
  dispatch: (action: LayerAction) => void;
  /** Why the layer could not be loaded, if it could not. */
  problem?: ServiceProblem;
}) {
  const intl = useIntl();
  const opacityId = useId();
  const name = layer.title;
  const legendUrl = layer.kind === 'wms' ? wmsLegendUrl(layer.url, layer.name) : undefined;
  // Direct first where that may work; through the proxy after a failure, hidden after two.
  const [legend, setLegend] = useState(() =>
    legendUrl && !triesDirect(legendUrl) ? proxiedUrl(apiBase, legendUrl) : legendUrl,
  );
  return (
    <Paper withBorder p="xs" component="li" data-testid="layer-item">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap={4}>
          <Checkbox
            size="xs"
            checked={layer.visible}
            onChange={(event) =>
              dispatch({ type: 'setVisible', id: layer.id, visible: event.currentTarget.checked })
            }
            label={name}
            styles={{ label: { wordBreak: 'break-word' } }}
          />
          <Group gap={2} wrap="nowrap">
            <ActionIcon
              variant="subtle"
              size="sm"
              disabled={index === count - 1}
              onClick={() => dispatch({ type: 'move', id: layer.id, direction: 'up' })}
              aria-label={intl.formatMessage({ id: 'map.layers.up' }, { name })}
            >
              <span aria-hidden="true">↑</span>
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              size="sm"
              disabled={index === 0}
              onClick={() => dispatch({ type: 'move', id: layer.id, direction: 'down' })}
              aria-label={intl.formatMessage({ id: 'map.layers.down' }, { name })}
            >
              <span aria-hidden="true">↓</span>
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red"
              size="sm"
              onClick={() => dispatch({ type: 'remove', id: layer.id })}
              aria-label={intl.formatMessage({ id: 'map.layers.remove' }, { name })}
            >
              <span aria-hidden="true">✕</span>
            </ActionIcon>
          </Group>
        </Group>
        <div>
          <Text size="xs" id={opacityId} aria-hidden="true">
            {intl.formatMessage({ id: 'map.layers.opacity' })}
          </Text>
          <Slider
            size="sm"
            min={0}
            max={100}
            step={5}
            value={Math.round(layer.opacity * 100)}
            onChange={(value) =>
              dispatch({ type: 'setOpacity', id: layer.id, opacity: value / 100 })
            }
            label={(value) => `${value} %`}
            thumbLabel={intl.formatMessage({ id: 'map.layers.opacityOf' }, { name })}
          />
        </div>
        {legend && (
          <img
            className={classes.legend}
            src={legend}
            alt={intl.formatMessage({ id: 'map.layers.legend' }, { name })}
            data-testid="layer-legend"
            onError={(event) => {
              if (legendUrl && legend === legendUrl) {
                rememberProxied(legendUrl);
                setLegend(proxiedUrl(apiBase, legendUrl));
                return;
              }
              event.currentTarget.hidden = true;
            }}
          />
        )}
        {problem && (layer.kind === 'wms' || layer.kind === 'wmts') && (
          <ServiceProblemAlert problem={problem} kind={layer.kind} url={layer.url} />
        )}
      </Stack>
    </Paper>
  );
}
