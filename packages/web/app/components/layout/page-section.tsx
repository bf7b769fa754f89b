import { Container, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';

/** A page's main column with its translated heading. */
export function PageSection({ titleKey, children }: { titleKey: string; children?: ReactNode }) {
  return (
    <Container size="lg" py="md" w="100%">
      <Title order={1} mb="md">
        <FormattedMessage id={titleKey} />
      </Title>
      {children}
    </Container>
  );
}
