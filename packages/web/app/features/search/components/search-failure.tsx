import { Alert, Button, List, Stack } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { errorText, hasTranslation } from '../../../lib/http/error-text';
import { errorOfFailure, type SearchFailure } from '../loaders/search-page-data';

/** Whether the API refused the query itself (the user can fix it), not the server failing. */
export function isQueryError(failure: SearchFailure): boolean {
  return failure.status === 400;
}

/**
 * The message for a refused query, shown under the query box: what is wrong and where, in
 * the page language ("Ein Anführungszeichen ist nicht geschlossen … (bei Zeichen 12)").
 * Without a translatable reason (an older server), the translated code and the server's
 * own English sentence.
 */
export function useQueryErrorText(failure: SearchFailure | null): string | undefined {
  const intl = useIntl();
  if (!failure || !isQueryError(failure)) return undefined;
  const { problem } = failure;
  const key = `search.problem.${problem?.reason}`;
  if (problem && hasTranslation(intl.messages, key)) {
    const text = intl.formatMessage({ id: key }, problem.values);
    return problem.position === undefined
      ? text
      : `${text} ${intl.formatMessage({ id: 'search.problem.position' }, { position: problem.position + 1 })}`;
  }
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
