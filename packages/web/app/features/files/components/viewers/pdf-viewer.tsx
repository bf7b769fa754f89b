import { Loader, Stack, Text } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import type { FileRef } from '../../api/file-paths';
import { useFileSource } from '../../hooks/use-file-source';
import type { SourceMode } from '../../model/file-source';
import classes from '../files.module.css';
import { ViewerFailure } from './viewer-failure';

/**
 * A PDF in the browser's own viewer, in a frame with a title, and a download link below it
 * for browsers (and phones) that have no built-in viewer. Records a visitor may not read are
 * framed through a signed URL: the frame cannot send the session token, and the page's
 * Content-Security-Policy allows no `blob:` frames.
 */
export function PdfViewer({
  fileRef,
  mode,
  title,
  download,
}: {
  fileRef: FileRef;
  mode: SourceMode;
  title: string;
  download: React.ReactNode;
}) {
  const intl = useIntl();
  const source = useFileSource(fileRef, mode);
  const fallback = (
    <Text size="sm">
      <FormattedMessage id="files.pdf.fallback" values={{ link: download }} />
    </Text>
  );
  if (source.error !== undefined) {
    return (
      <Stack gap="xs">
        <ViewerFailure error={source.error} />
        {fallback}
      </Stack>
    );
  }
  return (
    <Stack gap="xs">
      {source.src ? (
        <iframe src={source.src} title={title} className={classes.pdf} />
      ) : (
        <Loader
          size="sm"
          role="status"
          aria-label={intl.formatMessage({ id: 'files.viewer.loading' })}
        />
      )}
      {fallback}
    </Stack>
  );
}
