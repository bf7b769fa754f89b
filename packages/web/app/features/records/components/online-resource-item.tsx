import { isMapService } from '@geoportal/contract/map-services';
import type { OnlineResource } from '@geoportal/contract/record';
import { Anchor, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { mapLinkFor } from '../../../lib/map-link';
import type { RecordLabels } from '../model/record-labels';
import { FactList } from './fact-list';
import classes from './records.module.css';

/**
 * One link of the record: its name (else its URL) leading to the resource, the protocol in
 * the page language, the layer and the description; for map services (WMS, WMTS) a link that
 * opens the service on the home page's map. That link's accessible name carries the
 * resource's name, so a list of several stays distinguishable.
 */
export function OnlineResourceItem({
  resource,
  labels,
}: {
  resource: OnlineResource;
  labels: RecordLabels;
}) {
  const name = resource.name ?? resource.url;
  return (
    <Stack gap={4}>
      <Anchor href={resource.url} rel="noopener noreferrer" fw={600} className={classes.wrap}>
        {name}
      </Anchor>
      {resource.description && <Text className={classes.lines}>{resource.description}</Text>}
      <FactList
        facts={[
          {
            key: 'protocol',
            label: <FormattedMessage id="record.resource.protocol" />,
            value: labels.label('protocol', resource.protocol),
          },
          {
            key: 'layer',
            label: <FormattedMessage id="record.resource.layer" />,
            value: resource.layer,
          },
        ]}
      />
      {isMapService(resource) && (
        <Anchor component={Link} to={mapLinkFor(resource)}>
          <FormattedMessage
            id="record.resource.openInMap"
            values={{
              name,
              hidden: (chunks: ReactNode[]) => <VisuallyHidden>{chunks}</VisuallyHidden>,
            }}
          />
        </Anchor>
      )}
    </Stack>
  );
}
