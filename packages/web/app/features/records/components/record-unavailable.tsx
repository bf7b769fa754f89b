import { Alert, Anchor, Center, Container, Loader, Stack, Text, Title } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { pathTo } from '../../../route-paths';

/**
 * Shown while the browser tries to read a record the server could not show a visitor: it
 * may be a draft the signed-in user or a key holder may see.
 */
export function RecordPending() {
  const intl = useIntl();
  return (
    <Container size="lg" py="md" w="100%">
      <Title order={1} mb="md">
        <FormattedMessage id="record.pending.title" />
      </Title>
      <Center py="xl">
        <Loader role="status" aria-label={intl.formatMessage({ id: 'record.pending.status' })} />
      </Center>
    </Container>
  );
}

/**
 * A record that does not exist or that the caller may not read: the API does not say which
 * (existence must not leak), and neither does this page. Visitors are pointed to the sign-in.
 */
export function RecordNotFound({ signedIn }: { signedIn: boolean }) {
  return (
    <Container size="lg" py="md" w="100%">
      <Stack gap="md" align="flex-start">
        <Title order={1}>
          <FormattedMessage id="record.notFound.title" />
        </Title>
        <Text>
          <FormattedMessage id="record.notFound.text" />
        </Text>
        {!signedIn && (
          <Alert color="blue" w="100%">
            <Text>
              <FormattedMessage id="record.notFound.signIn" />
            </Text>
            <Anchor component={Link} to={pathTo('login')}>
              <FormattedMessage id="route.login" />
            </Anchor>
          </Alert>
        )}
        <Anchor component={Link} to={pathTo('search')}>
          <FormattedMessage id="record.notFound.search" />
        </Anchor>
      </Stack>
    </Container>
  );
}
