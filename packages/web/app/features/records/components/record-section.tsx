import { Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

/**
 * One part of the record page: a region named by its h2, so screen-reader users can jump
 * between the parts by heading or by landmark.
 */
export function RecordSection({ title, children }: { title: ReactNode; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId} mb="xs">
        {title}
      </Title>
      {children}
    </section>
  );
}
