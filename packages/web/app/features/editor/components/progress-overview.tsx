import { Progress, Stack, Text, Title } from '@mantine/core';
import type { MouseEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { type SectionProgress, sectionAnchor, sectionLabels } from '../model/sections';
import classes from './editor.module.css';

/** The section's state as a small icon: a check, an exclamation for missing, a cross. */
function StatusIcon({ entry }: { entry: SectionProgress }) {
  const kind = entry.invalid > 0 ? 'invalid' : entry.missing.length > 0 ? 'incomplete' : 'complete';
  const path =
    kind === 'complete'
      ? 'M5 12l5 5L20 7'
      : kind === 'incomplete'
        ? 'M12 6v7M12 17v1'
        : 'M7 7l10 10M17 7L7 17';
  return (
    <svg
      className={`${classes.icon} ${classes[kind]}`}
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="3"
      strokeLinecap="round"
      aria-hidden="true"
    >
      <path d={path} />
    </svg>
  );
}

/** What a section still needs, in words. */
function StatusText({ entry }: { entry: SectionProgress }) {
  if (entry.missing.length === 0 && entry.invalid === 0) {
    return <FormattedMessage id="editor.progress.complete" />;
  }
  return (
    <>
      {entry.missing.length > 0 && (
        <FormattedMessage id="editor.progress.missing" values={{ count: entry.missing.length }} />
      )}
      {entry.missing.length > 0 && entry.invalid > 0 && ', '}
      {entry.invalid > 0 && (
        <FormattedMessage id="editor.progress.invalid" values={{ count: entry.invalid }} />
      )}
    </>
  );
}

/**
 * The editor's progress: per section a check, or how many required fields are missing and
 * how many inputs are invalid. Each entry links to its section; following a link moves the
 * focus to the section's heading (the page's anchor scrolling does the scrolling).
 */
export function ProgressOverview({ progress }: { progress: SectionProgress[] }) {
  const intl = useIntl();
  const done = progress.filter((entry) => entry.missing.length === 0 && entry.invalid === 0).length;

  const handleClick = (anchor: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey) return;
    document.getElementById(`${anchor}-heading`)?.focus({ preventScroll: true });
  };

  return (
    <nav aria-labelledby="editor-progress-heading" className={classes.overview}>
      <Stack gap="xs">
        <Title order={2} size="h4" id="editor-progress-heading">
          <FormattedMessage id="editor.progress.title" />
        </Title>
        <Text size="sm" id="editor-progress-summary">
          <FormattedMessage
            id="editor.progress.summary"
            values={{ done, total: progress.length }}
          />
        </Text>
        <Progress.Root size="sm">
          <Progress.Section
            value={Math.round((done / progress.length) * 100)}
            aria-label={intl.formatMessage({ id: 'editor.progress.title' })}
            aria-describedby="editor-progress-summary"
          />
        </Progress.Root>
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {progress.map((entry) => {
            const anchor = sectionAnchor(entry.id);
            return (
              <li key={entry.id}>
                <a href={`#${anchor}`} className={classes.entry} onClick={handleClick(anchor)}>
                  <StatusIcon entry={entry} />
                  <span>
                    <Text span size="sm" fw={500}>
                      <FormattedMessage {...sectionLabels[entry.id]} />
                    </Text>
                    <span className={classes.status}>
                      <StatusText entry={entry} />
                    </span>
                  </span>
                </a>
              </li>
            );
          })}
        </ul>
      </Stack>
    </nav>
  );
}
