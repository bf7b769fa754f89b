import { Alert } from '@mantine/core';
import { useIntl } from 'react-intl';
import { errorText } from '../../../../lib/http/error-text';

/** A viewer that could not load its file: the reason, and that the download still works. */
export function ViewerFailure({ error }: { error?: unknown }) {
  const intl = useIntl();
  return (
    <Alert color="red" title={intl.formatMessage({ id: 'files.viewer.failed' })}>
      {error !== undefined && `${errorText(error, intl.formatMessage, intl.messages)} `}
      {intl.formatMessage({ id: 'files.viewer.failedHint' })}
    </Alert>
  );
}
