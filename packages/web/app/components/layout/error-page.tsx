import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { pathTo } from '../../route-paths';

/**
 * What a visitor sees when a page cannot be shown. `untranslated` is for the case where the
 * translations themselves could not be loaded: then both product languages are shown.
 */
export function ErrorPage({ notFound = false, untranslated = false }) {
  if (untranslated) {
    return (
      <Container size="sm" py="xl">
        <Stack>
          <Title order={1}>Geoportal</Title>
          <Text lang="de">
            Die Seite kann gerade nicht angezeigt werden. Bitte laden Sie sie in einigen Minuten
            neu.
          </Text>
          <Text lang="en">
            The page cannot be shown right now. Please reload it in a few minutes.
          </Text>
        </Stack>
      </Container>
    );
  }
  return (
    <Container size="sm" py="xl">
      <Stack>
        <Title order={1}>
          <FormattedMessage id="error.page.title" />
        </Title>
        <Text>
          <FormattedMessage id={notFound ? 'error.page.notFound' : 'error.page.unexpected'} />
        </Text>
        <Anchor component={Link} to={pathTo('home')}>
          <FormattedMessage id="error.page.home" />
        </Anchor>
      </Stack>
    </Container>
  );
}
