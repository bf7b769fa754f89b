import { Alert, Anchor, List } from '@mantine/core';
import type { Ref } from 'react';
import { FormattedMessage } from 'react-intl';
import { sectionAnchor, sectionOf } from '../model/sections';
import type { FieldIssues } from '../model/validate';
import { IssueMessage } from './issue-message';

/**
 * The problems that keep the record from being saved, each naming its field and linking to
 * its section. A refused save moves the focus here, so the user hears what to fix; it is a
 * region rather than an alert, because moving the focus already announces it.
 */
export function IssueSummary({ issues, ref }: { issues: FieldIssues; ref?: Ref<HTMLDivElement> }) {
  const entries = Object.entries(issues);
  if (entries.length === 0) return null;
  return (
    <Alert
      ref={ref}
      role="region"
      tabIndex={-1}
      color="red"
      variant="light"
      title={<FormattedMessage id="editor.issues.title" values={{ count: entries.length }} />}
    >
      <List size="sm" spacing={4}>
        {entries.map(([path, issue]) => (
          <List.Item key={path}>
            <Anchor
              href={`#${sectionAnchor(sectionOf(path))}`}
              c="inherit"
              underline="always"
              size="sm"
            >
              <IssueMessage path={path} issue={issue} withRow />
            </Anchor>
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
