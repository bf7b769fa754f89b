import type { Bundle } from '@geoportal/contract/files';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import type { FileRef } from '../api/file-paths';
import type { SourceMode } from '../model/file-source';
import { formatSize } from '../model/format-size';
import { hasThumbnail, viewerKind } from '../model/viewer-kind';
import { DownloadLink } from './download-link';
import { FileThumbnail } from './file-thumbnail';
import classes from './files.module.css';

/**
 * Thumbnails of a record a visitor may not read are fetched one by one through the client (the
 * preview endpoint has no signed form); a bundle of many images shows only the first ones.
 */
export const FETCHED_THUMBNAILS_MAX = 24;

export interface FileListProps {
  id: string;
  bundle: Bundle;
  mode: SourceMode;
  canWrite: boolean;
  /** The file the viewer shows, if any. */
  shown: string | null;
  onShow: (path: string) => void;
  onDelete: (ref: FileRef) => void;
}

/**
 * A bundle's files: each a download link named by its path, with size and media type, a mark
 * on the index file, a "show" button for files a viewer can show, and, for those who may
 * write, a delete button. Buttons name their file, since a list holds many of them.
 */
export function FileList({ id, bundle, mode, canWrite, shown, onShow, onDelete }: FileListProps) {
  const intl = useIntl();
  if (bundle.files.length === 0) {
    return (
      <Text size="sm">
        <FormattedMessage id="files.bundle.empty" />
      </Text>
    );
  }
  let thumbnails = 0;
  return (
    <ul className={classes.list}>
      {bundle.files.map((file) => {
        const ref = { id, bundle: bundle.name, path: file.path };
        const values = { path: file.path };
        // The index file may be viewable through the server's preview type even when its
        // media type is not; the viewer then says so itself.
        const viewable = viewerKind(file) !== 'none' || file.index;
        const thumbnail =
          hasThumbnail(file.mediaType) &&
          (mode === 'plain' || thumbnails++ < FETCHED_THUMBNAILS_MAX);
        return (
          <li key={file.path} className={classes.fileItem}>
            <Group gap="sm" align="flex-start" wrap="nowrap">
              {thumbnail && <FileThumbnail fileRef={ref} mode={mode} />}
              <Stack gap={4} miw={0}>
                <Group gap="xs" wrap="wrap">
                  <DownloadLink fileRef={ref} file={file} mode={mode} />
                  {file.index && (
                    <Badge variant="outline" size="sm">
                      <FormattedMessage id="files.file.index" />
                    </Badge>
                  )}
                </Group>
                <Text size="sm" c="dimmed" className={classes.path}>
                  <FormattedMessage
                    id="files.file.facts"
                    values={{ size: formatSize(file.size, intl.locale), type: file.mediaType }}
                  />
                </Text>
                {(viewable || canWrite) && (
                  <Group gap="xs">
                    {viewable && (
                      <Button
                        size="compact-sm"
                        variant={shown === file.path ? 'light' : 'default'}
                        aria-pressed={shown === file.path}
                        aria-label={intl.formatMessage({ id: 'files.file.showNamed' }, values)}
                        onClick={() => onShow(file.path)}
                      >
                        <FormattedMessage id="files.file.show" />
                      </Button>
                    )}
                    {canWrite && (
                      <Button
                        size="compact-sm"
                        variant="default"
                        color="red"
                        aria-label={intl.formatMessage({ id: 'files.file.deleteNamed' }, values)}
                        onClick={() => onDelete(ref)}
                      >
                        <FormattedMessage id="files.file.delete" />
                      </Button>
                    )}
                  </Group>
                )}
              </Stack>
            </Group>
          </li>
        );
      })}
    </ul>
  );
}
