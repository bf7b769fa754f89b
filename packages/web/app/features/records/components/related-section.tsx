import type { RelatedRecord, relationTypes } from '@geoportal/contract/record';
import { Anchor } from '@mantine/core';
import { FormattedMessage, type MessageDescriptor } from 'react-intl';
import { Link } from 'react-router';
import { pathTo } from '../../../route-paths';
import { RecordSection } from './record-section';
import classes from './records.module.css';

const relationLabels: Record<(typeof relationTypes)[number], MessageDescriptor> = {
  crossReference: { id: 'record.relation.crossReference' },
  largerWorkCitation: { id: 'record.relation.largerWorkCitation' },
  partOfSeamlessDatabase: { id: 'record.relation.partOfSeamlessDatabase' },
  source: { id: 'record.relation.source' },
  dependency: { id: 'record.relation.dependency' },
  revisionOf: { id: 'record.relation.revisionOf' },
};

/**
 * Links to the record pages of related records, each with the kind of relation. The record
 * holds only their ids; whether a link opens depends on the reader's access to that record.
 */
export function RelatedSection({ related }: { related: RelatedRecord[] | undefined }) {
  if (!related || related.length === 0) return null;
  return (
    <RecordSection title={<FormattedMessage id="record.section.related" />}>
      <ul className={classes.plainList}>
        {related.map((relation) => (
          <li key={`${relation.relation}/${relation.id}`} className={classes.wrap}>
            <FormattedMessage {...relationLabels[relation.relation]} />:{' '}
            <Anchor component={Link} to={pathTo('metadata.record', { id: relation.id })}>
              <FormattedMessage id="record.related.link" values={{ id: relation.id }} />
            </Anchor>
          </li>
        ))}
      </ul>
    </RecordSection>
  );
}
