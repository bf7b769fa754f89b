import type { HarvestOrigin } from '@geoportal/contract/harvester';
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

/**
 * A harvested record (issue 25): it changes at its source and comes back with the next run,
 * so the editor does not open; says where the source is and leads to the record page.
 */
export function RecordHarvested({ id, origin }: { id: string; origin: HarvestOrigin }) {
  return (
    <Alert color="blue" title={<FormattedMessage id="editor.harvested.title" />}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          <FormattedMessage
            id="editor.harvested.text"
            values={{ name: origin.harvesterName ?? origin.harvester }}
          />
        </Text>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          <FormattedMessage id="editor.harvested.source" />{' '}
          <Anchor href={origin.url} rel="noopener noreferrer">
            {origin.url}
          </Anchor>
        </Text>
        <Anchor component={Link} to={pathTo('metadata.record', { id })} size="sm">
          <FormattedMessage id="editor.toRecord" />
        </Anchor>
      </Stack>
    </Alert>
  );
}
