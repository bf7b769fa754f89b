import { Anchor } from '@mantine/core';
import { FormattedMessage } from 'react-intl';
import type { RecordView } from '../../../lib/api/get-record';
import { DateTime } from './date-time';
import { FactList } from './fact-list';
import { RecordSection } from './record-section';

const isWebAddress = (value: string) => /^https?:\/\//i.test(value);

/**
 * How the data and the record are named and kept: the resource identifier (a link when it
 * is a web address), the record's own id, its last change and its owner.
 */
export function IdentifierSection({ record }: { record: RecordView }) {
  const { identifier } = record.metadata;
  return (
    <RecordSection title={<FormattedMessage id="record.section.identifier" />}>
      <FactList
        facts={[
          {
            key: 'identifier',
            label: <FormattedMessage id="record.identifier" />,
            value:
              identifier &&
              (isWebAddress(identifier) ? (
                <Anchor href={identifier} rel="noopener noreferrer">
                  {identifier}
                </Anchor>
              ) : (
                identifier
              )),
          },
          {
            key: 'id',
            label: <FormattedMessage id="record.recordId" />,
            value: record.id,
          },
          {
            key: 'modified',
            label: <FormattedMessage id="record.fact.modified" />,
            value: <DateTime value={record.modified} />,
          },
          {
            key: 'owner',
            label: <FormattedMessage id="record.fact.owner" />,
            value: record.owner,
          },
        ]}
      />
    </RecordSection>
  );
}
