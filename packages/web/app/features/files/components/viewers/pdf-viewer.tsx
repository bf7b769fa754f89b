import { Stack, Text } from '@mantine/core';
import { FormattedMessage } from 'react-intl';
import classes from '../files.module.css';

/**
 * A PDF in the browser's own viewer, in a frame with a title, and a download link below it
 * for browsers (and phones) that have no built-in viewer.
 */
export function PdfViewer({
  src,
  title,
  download,
}: {
  src: string;
  title: string;
  download: React.ReactNode;
}) {
  return (
    <Stack gap="xs">
      <iframe src={src} title={title} className={classes.pdf} />
      <Text size="sm">
        <FormattedMessage id="files.pdf.fallback" values={{ link: download }} />
      </Text>
    </Stack>
  );
}
