import type { FileEntry } from '@geoportal/contract/files';
import { Anchor, Text } from '@mantine/core';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAccess } from '../../../lib/auth/access';
import { errorText } from '../../../lib/http/error-text';
import { useTransfer } from '../../../lib/http/use-transfer';
import { saveBlob } from '../../../lib/save-download';
import { useToast } from '../../../lib/use-toast';
import { type FileRef, filePath } from '../api/file-paths';
import type { SourceMode } from '../model/file-source';
import classes from './files.module.css';

/** The last path segment: what the browser names the saved file. */
export const fileName = (path: string) => path.split('/').pop() ?? path;

/**
 * A file's download, named by its path. Records every visitor may read get a plain link
 * (it also works opened in a new tab or copied); others are fetched through the client with
 * the user's token or key, showing progress in whole percent, and then saved.
 */
export function DownloadLink({
  fileRef,
  file,
  mode,
  children,
}: {
  fileRef: FileRef;
  file: FileEntry;
  mode: SourceMode;
  /** The link's text; the file's path by default. */
  children?: React.ReactNode;
}) {
  const { client } = useAccess();
  const transfer = useTransfer();
  const intl = useIntl();
  const toast = useToast();
  const [percent, setPercent] = useState<number | null>(null);
  const label = children ?? file.path;

  if (mode === 'plain') {
    return (
      <Anchor
        href={client.url(filePath(fileRef))}
        download={fileName(file.path)}
        className={classes.path}
        // Also used inside sentences, where colour alone does not mark a link (WCAG 1.4.1).
        underline="always"
      >
        {label}
      </Anchor>
    );
  }

  const handleClick = async () => {
    if (percent !== null) return;
    setPercent(0);
    try {
      saveBlob(
        await transfer.download(filePath(fileRef), { onProgress: setPercent }),
        fileName(file.path),
      );
    } catch (error) {
      toast.error(errorText(error, intl.formatMessage, intl.messages));
    } finally {
      setPercent(null);
    }
  };

  return (
    <>
      <Anchor
        component="button"
        type="button"
        onClick={handleClick}
        className={classes.path}
        underline="always"
        ta="left"
      >
        {label}
      </Anchor>
      {percent !== null && (
        <Text span size="sm" ml="xs" role="status">
          <FormattedMessage id="files.download.progress" values={{ percent }} />
        </Text>
      )}
    </>
  );
}
