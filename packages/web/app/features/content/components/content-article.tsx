import type { ContentPage } from '@geoportal/contract/content';
import { Container, Text, Title, Typography } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import classes from './content-article.module.css';

/**
 * A static page: its title as the page's only h1, then its HTML. The HTML comes from the
 * API, which rendered it from the operator's Markdown and sanitised it (no scripts, handlers,
 * styles or unsafe links) and left out the title heading. A page served in the fallback
 * language says so, and carries its own `lang` so screen readers pronounce it right.
 */
export function ContentArticle({ page }: { page: ContentPage }) {
  const intl = useIntl();
  const foreign = page.lang !== intl.locale;
  return (
    <Container size="md" py="md" w="100%">
      {foreign && (
        <Text size="sm" mb="sm">
          <FormattedMessage id="content.fallbackNotice" />
        </Text>
      )}
      <article lang={foreign ? page.lang : undefined}>
        <Title order={1} mb="md">
          {page.title}
        </Title>
        <Typography
          className={classes.body}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server (content.render.ts)
          dangerouslySetInnerHTML={{ __html: page.html }}
        />
      </article>
    </Container>
  );
}
