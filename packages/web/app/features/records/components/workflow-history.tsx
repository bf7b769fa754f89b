import type { HistoryEntry } from '@geoportal/contract/object';
import { List, Text, Title } from '@mantine/core';
import { FormattedMessage } from 'react-intl';
import { DateTime } from './date-time';

/**
 * The record's workflow history, oldest first: each step with who took it, when, and the
 * comment given (e.g. the reason for a return to draft).
 */
export function WorkflowHistory({ history }: { history: readonly HistoryEntry[] }) {
  if (history.length === 0) return null;
  return (
    <section aria-labelledby="history-heading">
      <Title order={2} size="h3" id="history-heading" mb="xs">
        <FormattedMessage id="record.history" />
      </Title>
      <List component="ol" spacing="xs" listStyleType="none" p={0}>
        {history.map((entry) => (
          <List.Item key={`${entry.at}-${entry.to}`}>
            <Text>
              <DateTime value={entry.at} />
              {' · '}
              <FormattedMessage
                id={entry.from ? 'record.history.step' : 'record.history.created'}
                values={{
                  from: entry.from ? <FormattedMessage id={`state.${entry.from}`} /> : '',
                  to: <FormattedMessage id={`state.${entry.to}`} />,
                  by: entry.by,
                }}
              />
            </Text>
            {entry.comment && (
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                <FormattedMessage id="record.history.comment" values={{ comment: entry.comment }} />
              </Text>
            )}
          </List.Item>
        ))}
      </List>
    </section>
  );
}
