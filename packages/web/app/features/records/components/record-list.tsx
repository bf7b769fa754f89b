import { Alert, Anchor, Button, Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { StateBadge } from '../../../components/records/state-badge';
import { errorText } from '../../../lib/http/error-text';
import { pathTo } from '../../../route-paths';
import type { RecordListEntry, RecordListQuery } from '../api/list-records';
import { useRecordList } from '../hooks/use-record-list';
import { localized } from '../model/localized-text';
import { DateTime } from './date-time';
import { DeleteRecordButton } from './delete-record-button';
import classes from './records.module.css';

export interface RecordListProps {
  query: RecordListQuery;
  /** Translation key of the sentence shown when nothing matches. */
  emptyKey: string;
  /** Show each record's owner and state (lists of other people's records). */
  showOwner?: boolean;
  /** Show when and by whom each record was submitted (the review queue) instead of its last change. */
  showSubmission?: boolean;
  /** Shown under the empty sentence, e.g. a link to create a record. */
  emptyAction?: ReactNode;
  /** Whether an entry gets "Delete" (the server decides again when it is used). */
  canDelete?: (entry: RecordListEntry) => boolean;
}

/**
 * A list of records, each linking to its page, with the last change (and the owner in the
 * review queue); a "load more" button while there are more; a helpful sentence when empty.
 */
export function RecordList({
  query,
  emptyKey,
  showOwner = false,
  showSubmission = false,
  emptyAction,
  canDelete,
}: RecordListProps) {
  const intl = useIntl();
  const list = useRecordList(query);
  const { docs, numFound, loading, error } = list;

  if (error && !docs) {
    return (
      <Alert color="red" title={<FormattedMessage id="mine.loadFailed" />}>
        <Stack gap="sm" align="flex-start">
          {errorText(error, intl.formatMessage, intl.messages)}
          <Button variant="light" onClick={list.reload}>
            <FormattedMessage id="mine.retry" />
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (!docs) {
    return (
      <Center py="lg">
        <Loader role="status" aria-label={intl.formatMessage({ id: 'mine.loading' })} />
      </Center>
    );
  }
  if (docs.length === 0) {
    return (
      <Stack gap="sm" align="flex-start" py="sm">
        <Text>
          <FormattedMessage id={emptyKey} />
        </Text>
        {emptyAction}
      </Stack>
    );
  }

  return (
    <Stack gap="sm">
      <Text size="sm" role="status">
        <FormattedMessage id="mine.count" values={{ shown: docs.length, total: numFound }} />
      </Text>
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
        {docs.map((doc) => {
          const title = localized(doc.title, intl.locale);
          const shownTitle = title?.text ?? intl.formatMessage({ id: 'mine.untitled' });
          return (
            <Paper component="li" key={doc.id} withBorder p="sm">
              <Anchor
                component={Link}
                to={pathTo('metadata.record', { id: doc.id })}
                fw={600}
                className={classes.wrap}
                lang={title && title.lang !== intl.locale ? title.lang : undefined}
              >
                {shownTitle}
              </Anchor>
              <Group gap="xs" mt={4}>
                {showOwner && <StateBadge state={doc.state} />}
                <Text size="sm" c="dimmed">
                  {showSubmission && doc.submitted ? (
                    <FormattedMessage
                      id="review.submittedBy"
                      values={{
                        date: <DateTime value={doc.submitted.at} />,
                        by: doc.submitted.by,
                        owner: doc.owner,
                      }}
                    />
                  ) : (
                    <FormattedMessage
                      id={showOwner ? 'mine.modifiedBy' : 'mine.modified'}
                      values={{ date: <DateTime value={doc.modified} />, owner: doc.owner }}
                    />
                  )}
                </Text>
                {canDelete?.(doc) && (
                  <DeleteRecordButton
                    id={doc.id}
                    title={shownTitle}
                    size="xs"
                    onDeleted={() => list.remove(doc.id)}
                  />
                )}
              </Group>
            </Paper>
          );
        })}
      </Stack>
      {error ? (
        <Text c="red.8" role="alert">
          {errorText(error, intl.formatMessage, intl.messages)}
        </Text>
      ) : null}
      {docs.length < numFound && (
        <Button variant="default" onClick={list.loadMore} loading={loading}>
          <FormattedMessage id="mine.loadMore" />
        </Button>
      )}
    </Stack>
  );
}
