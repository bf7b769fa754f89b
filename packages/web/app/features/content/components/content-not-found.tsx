import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { pathTo } from '../../../route-paths';

/**
 * The friendly answer to a static page that does not exist, or whose name is not a page
 * name at all; both look the same, so nothing about the file system can be told from it.
 */
export function ContentNotFound() {
  return (
    <Container size="md" py="xl" w="100%">
      <Stack align="flex-start">
        <Title order={1}>
          <FormattedMessage id="content.notFound.title" />
        </Title>
        <Text>
          <FormattedMessage id="content.notFound.text" />
        </Text>
        <Anchor component={Link} to={pathTo('home')}>
          <FormattedMessage id="content.notFound.home" />
        </Anchor>
      </Stack>
    </Container>
  );
}
