import { Badge, VisuallyHidden } from '@mantine/core';
import { FormattedMessage, type MessageDescriptor, useIntl } from 'react-intl';
import type { RecordLabels } from '../model/record-labels';

/**
 * Names of the common types for when the `resourceType` classification could not be
 * loaded, so the page still says "Dataset" rather than the code.
 */
const knownTypes: Partial<Record<string, MessageDescriptor>> = {
  dataset: { id: 'record.type.dataset' },
  series: { id: 'record.type.series' },
  service: { id: 'record.type.service' },
};

/** The resource type as a badge; screen readers hear "Type: Dataset". */
export function RecordTypeBadge({ type, labels }: { type: string; labels: RecordLabels }) {
  const intl = useIntl();
  const known = knownTypes[type];
  const label = labels.node('resourceType', type)
    ? labels.label('resourceType', type)
    : known
      ? intl.formatMessage(known)
      : type;
  return (
    <Badge variant="default" size="lg" tt="none" fw={500}>
      <VisuallyHidden>
        <FormattedMessage id="record.typeLabel" />{' '}
      </VisuallyHidden>
      {label}
    </Badge>
  );
}
