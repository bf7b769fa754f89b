import { Text } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { cronHint } from '../model/cron-hint';

/**
 * Under the schedule field: the expression in words (its times are UTC, as the server reads
 * it) and its next two runs in the user's time, or that the harvester runs only by hand.
 * An expression that does not parse says so at once, before the form is sent.
 */
export function ScheduleHint({ expression }: { expression: string }) {
  const intl = useIntl();
  const hint = cronHint(expression, intl.locale);
  const time = (date: Date) => intl.formatDate(date, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Text size="sm" mt="xs" aria-live="polite" data-testid="schedule-hint">
      {hint.kind === 'empty' && <FormattedMessage id="harvesters.schedule.manual" />}
      {hint.kind === 'invalid' && <FormattedMessage id="harvesters.schedule.unreadable" />}
      {hint.kind === 'valid' && (
        <FormattedMessage
          id="harvesters.schedule.words"
          values={{
            words: hint.words,
            first: hint.next[0] ? time(hint.next[0]) : '–',
            second: hint.next[1] ? time(hint.next[1]) : '–',
          }}
        />
      )}
    </Text>
  );
}
