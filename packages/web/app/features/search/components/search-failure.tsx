import { Alert, Button, List, Stack } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { errorText } from '../../../lib/http/error-text';
import { errorOfFailure, type SearchFailure } from '../loaders/search-page-data';

/** Whether the API refused the query itself (the user can fix it), not the server failing. */
export function isQueryError(failure: SearchFailure): boolean {
  return failure.status === 400;
}

/**
 * The message for a refused query, shown under the query box: the translated sentence and
 * the server's own, which says what to fix ("unbalanced quote at 12").
 */
export function useQueryErrorText(failure: SearchFailure | null): string | undefined {
  const intl = useIntl();
  if (!failure || !isQueryError(failure)) return undefined;
  const translated = errorText(errorOfFailure(failure), intl.formatMessage, intl.messages);
  return translated === failure.message ? translated : `${translated} ${failure.message}`;
}

/**
 * Instead of the results when the search failed: for a refused query how the query language
 * works; for a failing server its message and a button to try again.
 */
export function SearchFailureNotice({
  failure,
  onRetry,
}: {
  failure: SearchFailure;
  onRetry: () => void;
}) {
  const intl = useIntl();
  if (isQueryError(failure)) {
    return (
      <Alert color="orange" title={<FormattedMessage id="search.failure.queryTitle" />}>
        <Stack gap={4}>
          <FormattedMessage id="search.failure.syntax" />
          <List size="sm" spacing={2}>
            <List.Item>
              <FormattedMessage id="search.failure.syntax.phrase" />
            </List.Item>
            <List.Item>
              <FormattedMessage id="search.failure.syntax.operators" />
            </List.Item>
            <List.Item>
              <FormattedMessage id="search.failure.syntax.prefix" />
            </List.Item>
            <List.Item>
              <FormattedMessage id="search.failure.syntax.field" />
            </List.Item>
          </List>
        </Stack>
      </Alert>
    );
  }
  return (
    <Alert color="red" title={<FormattedMessage id="search.failure.title" />}>
      <Stack gap="sm" align="flex-start">
        {errorText(errorOfFailure(failure), intl.formatMessage, intl.messages)}
        <Button variant="light" onClick={onRetry}>
          <FormattedMessage id="search.failure.retry" />
        </Button>
      </Stack>
    </Alert>
  );
}
