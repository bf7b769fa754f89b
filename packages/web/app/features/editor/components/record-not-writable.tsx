import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { pathTo } from '../../../route-paths';

/**
 * A record the user may read but not change (e.g. submitted for review, or someone else's):
 * says why the editor does not open and leads to the record page.
 */
export function RecordNotWritable({ id }: { id: string }) {
  return (
    <Alert color="blue" title={<FormattedMessage id="editor.notWritable.title" />}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          <FormattedMessage id="editor.notWritable.text" />
        </Text>
        <Anchor component={Link} to={pathTo('metadata.record', { id })} size="sm">
          <FormattedMessage id="editor.toRecord" />
        </Anchor>
      </Stack>
    </Alert>
  );
}

/** A record that does not exist or that the user may not see (the API does not say which). */
export function RecordNotFoundForEditing() {
  return (
    <Alert color="blue" title={<FormattedMessage id="editor.notFound.title" />}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          <FormattedMessage id="editor.notFound.text" />
        </Text>
        <Anchor component={Link} to={pathTo('metadata.mine')} size="sm">
          <FormattedMessage id="editor.toMine" />
        </Anchor>
      </Stack>
    </Alert>
  );
}
