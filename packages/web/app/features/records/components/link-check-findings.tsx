import type { LinkStatus } from '@geoportal/contract/record-links';
import { Anchor, Paper, Text, Title } from '@mantine/core';
import { FormattedMessage } from 'react-intl';
import { DateTime } from './date-time';
import classes from './records.module.css';

/** What a finding says about the link, e.g. "Answered with HTTP status 404". */
function FindingText({ status }: { status: LinkStatus }) {
  if (status.status === 'broken') {
    return (
      <FormattedMessage id="links.finding.broken" values={{ status: status.httpStatus ?? '?' }} />
    );
  }
  return <FormattedMessage id={`links.finding.${status.status}`} />;
}

/**
 * The links of the record that the last link check (the `links.check` process) found not
 * working, each with what went wrong and when it was checked. The server sends the statuses
 * only to those who may edit the record, who can fix the links; nothing shows when every
 * link worked or none was checked yet.
 */
export function LinkCheckFindings({ statuses }: { statuses: readonly LinkStatus[] }) {
  const failing = statuses.filter((status) => status.status !== 'ok');
  if (failing.length === 0) return null;
  return (
    <Paper
      component="section"
      aria-labelledby="link-check-heading"
      withBorder
      p="md"
      className={classes.linkCheck}
    >
      <Title order={2} size="h3" id="link-check-heading" mb="xs">
        <FormattedMessage id="links.findings.title" values={{ count: failing.length }} />
      </Title>
      <Text size="sm" mb="sm">
        <FormattedMessage id="links.findings.intro" />
      </Text>
      <ul className={classes.resources}>
        {failing.map((status) => (
          <li key={status.url}>
            <Anchor href={status.url} className={classes.wrap} rel="noopener noreferrer">
              {status.url}
            </Anchor>
            <Text size="sm">
              <FindingText status={status} />
              {' · '}
              <FormattedMessage
                id="links.findings.checkedAt"
                values={{ time: <DateTime value={status.checkedAt} /> }}
              />
            </Text>
          </li>
        ))}
      </ul>
    </Paper>
  );
}
