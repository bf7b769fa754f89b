import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { SectionId } from '../model/field-spec';
import { sectionAnchor, sectionLabels } from '../model/sections';
import classes from './editor.module.css';

/**
 * One section of the editor: a landmark named by its heading, the target of the progress
 * overview's link. The heading takes the focus when the overview jumps here, so keyboard
 * and screen-reader users continue in the section.
 */
export function EditorSection({
  id,
  hint,
  children,
}: {
  id: SectionId;
  hint?: ReactNode;
  children: ReactNode;
}) {
  const anchor = sectionAnchor(id);
  return (
    <Paper
      component="section"
      id={anchor}
      aria-labelledby={`${anchor}-heading`}
      className={classes.section}
      withBorder
      p="md"
    >
      <Stack gap="md">
        <div>
          <Title order={2} size="h3" id={`${anchor}-heading`} tabIndex={-1}>
            <FormattedMessage {...sectionLabels[id]} />
          </Title>
          {hint && (
            <Text size="sm" c="dimmed" mt={4}>
              {hint}
            </Text>
          )}
        </div>
        {children}
      </Stack>
    </Paper>
  );
}
