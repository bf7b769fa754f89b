import { Text } from '@mantine/core';
import { FormattedMessage } from 'react-intl';
import type { RecordListQuery } from '../api/list-records';
import { RecordList } from './record-list';

/** Every submitted record, the one waiting longest first. */
export const reviewQuery: RecordListQuery = { state: 'submitted', sort: 'submitted asc' };

/**
 * The editors' review queue (issue 18.7): every submitted record, longest waiting first,
 * each with who submitted it and when. Editors may delete any record (DESIGN §5); the
 * review itself happens on the record's page, where publishing and returning are offered.
 */
export function ReviewQueue() {
  return (
    <>
      <Text mb="md">
        <FormattedMessage id="review.intro" />
      </Text>
      <RecordList
        query={reviewQuery}
        emptyKey="mine.empty.review"
        showOwner
        showSubmission
        canDelete={() => true}
      />
    </>
  );
}
