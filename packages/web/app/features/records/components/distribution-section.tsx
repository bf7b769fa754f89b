import type { Metadata } from '@geoportal/contract/object';
import type { Format } from '@geoportal/contract/record';
import { Title } from '@mantine/core';
import { FormattedMessage } from 'react-intl';
import type { RecordLabels } from '../model/record-labels';
import { FactList } from './fact-list';
import { OnlineResourceItem } from './online-resource-item';
import { RecordSection } from './record-section';
import classes from './records.module.css';

/** A format with its version, e.g. "GeoTIFF (Version 1.1)". */
function FormatText({ format }: { format: Format }) {
  if (!format.version) return format.name;
  return (
    <FormattedMessage
      id="record.format.version"
      values={{ name: format.name, version: format.version }}
    />
  );
}

/**
 * How to get the data: the formats, and the online resources (downloads, services,
 * documentation) as a list of links. Left out when the record has neither.
 */
export function DistributionSection({
  metadata,
  labels,
}: {
  metadata: Metadata;
  labels: RecordLabels;
}) {
  const { formats = [], onlineResources = [] } = metadata;
  if (formats.length === 0 && onlineResources.length === 0) return null;
  return (
    <RecordSection title={<FormattedMessage id="record.section.distribution" />}>
      <FactList
        facts={[
          {
            key: 'formats',
            label: <FormattedMessage id="record.formats" />,
            value: formats.length > 0 && (
              <ul className={classes.plainList}>
                {formats.map((format) => (
                  <li key={`${format.name} ${format.version ?? ''}`}>
                    <FormatText format={format} />
                  </li>
                ))}
              </ul>
            ),
          },
        ]}
      />
      {onlineResources.length > 0 && (
        <>
          <Title order={3} size="h4" mt="md" mb="xs">
            <FormattedMessage id="record.onlineResources" />
          </Title>
          <ul className={classes.resources}>
            {onlineResources.map((resource, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the record's list, shown as it is
              <li key={index}>
                <OnlineResourceItem resource={resource} labels={labels} />
              </li>
            ))}
          </ul>
        </>
      )}
    </RecordSection>
  );
}
