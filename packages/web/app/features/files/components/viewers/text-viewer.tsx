import type { FileEntry } from '@geoportal/contract/files';
import { Loader, Stack, Text } from '@mantine/core';
import { type ReactNode, useCallback } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAccess } from '../../../../lib/auth/access';
import { useLoaded } from '../../../../lib/hooks/use-loaded';
import type { FileRef } from '../../api/file-paths';
import { getFileText } from '../../api/get-file-text';
import { formatSize } from '../../model/format-size';
import classes from '../files.module.css';
import { ViewerFailure } from './viewer-failure';

/** How much of a text file is shown: enough to judge it, little enough for a phone. */
export const TEXT_PREVIEW_BYTES = 100_000;

/**
 * The start of a text file (first 100 kB), read through the client and shown as it is,
 * wrapped, in a focusable scrolling box; longer files say that only the start is shown.
 */
export function TextViewer({ fileRef, file }: { fileRef: FileRef; file: FileEntry }) {
  const { client } = useAccess();
  const intl = useIntl();
  const text = useLoaded(
    useCallback(
      (signal: AbortSignal) =>
        getFileText(client, fileRef, { maxBytes: TEXT_PREVIEW_BYTES, signal }),
      [client, fileRef],
    ),
  );
  if (text.error !== undefined) return <ViewerFailure error={text.error} />;
  if (text.data === undefined) {
    return (
      <Loader
        size="sm"
        role="status"
        aria-label={intl.formatMessage({ id: 'files.viewer.loading' })}
      />
    );
  }
  return <TextBox file={file} text={text.data} />;
}

/**
 * The start of a text file as it is, wrapped, in a focusable scrolling box; longer files say
 * that only the start is shown.
 */
export function TextBox({ file, text }: { file: FileEntry; text: string }) {
  const intl = useIntl();
  return (
    <Stack gap="xs">
      {file.size > TEXT_PREVIEW_BYTES && (
        <Text size="sm">
          <FormattedMessage
            id="files.text.truncated"
            values={{
              shown: formatSize(TEXT_PREVIEW_BYTES, intl.locale),
              size: formatSize(file.size, intl.locale),
            }}
          />
        </Text>
      )}
      <ScrollBox label={intl.formatMessage({ id: 'files.text.label' }, { path: file.path })}>
        <pre className={classes.text}>{text}</pre>
      </ScrollBox>
    </Stack>
  );
}

/** A named box that scrolls what it holds and takes focus, so keyboards can scroll it too. */
export function ScrollBox({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section
      className={classes.textFrame}
      aria-label={label}
      // A scrolling box must be reachable by keyboard to scroll it (WCAG 2.1.1).
      // biome-ignore lint/a11y/noNoninteractiveTabindex: see the line above.
      tabIndex={0}
    >
      {children}
    </section>
  );
}
