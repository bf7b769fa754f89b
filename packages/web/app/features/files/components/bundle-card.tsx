import type { Bundle } from '@geoportal/contract/files';
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useId, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useToast } from '../../../lib/use-toast';
import type { FileRef } from '../api/file-paths';
import { sourceMode } from '../model/file-source';
import { viewerKind } from '../model/viewer-kind';
import { BundleSettings } from './bundle-settings';
import { BundleZipLink } from './bundle-zip-link';
import { DeleteFileModal } from './delete-file-modal';
import { FileList } from './file-list';
import classes from './files.module.css';
import { FileViewer } from './viewers/file-viewer';

export interface BundleCardProps {
  id: string;
  bundle: Bundle;
  canWrite: boolean;
  visitorCanRead: boolean;
  onChanged: () => Promise<void>;
}

/**
 * One bundle: its name (and, for writers, whether visitors see it), description, files, the
 * viewer of the index file or of the file chosen with "show", and for writers the settings.
 * A region named by its heading, so the bundles can be reached by landmark.
 */
export function BundleCard({ id, bundle, canWrite, visitorCanRead, onChanged }: BundleCardProps) {
  const intl = useIntl();
  const toast = useToast();
  const headingId = useId();
  const viewerHeadingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [toDelete, setToDelete] = useState<FileRef | null>(null);
  // undefined: the index file (if viewable); null: nothing; a path: that file.
  const [chosen, setChosen] = useState<string | null | undefined>(undefined);
  const mode = sourceMode(visitorCanRead, bundle);

  const index = bundle.files.find((file) => file.index);
  // The index file shows at once when its media type has a viewer; an index file of another
  // type waits for "show", which asks the server's preview type.
  const shownPath =
    chosen === undefined ? (index && viewerKind(index) !== 'none' ? index.path : null) : chosen;
  const shown = bundle.files.find((file) => file.path === shownPath) ?? null;

  const handleDeleted = async (ref: FileRef) => {
    setToDelete(null);
    toast.success(intl.formatMessage({ id: 'files.delete.done' }, { path: ref.path }));
    if (shownPath === ref.path) setChosen(null);
    // The deleted file's button is gone; the bundle's heading keeps the keyboard user's place.
    heading.current?.focus();
    await onChanged();
  };

  return (
    <Paper component="section" aria-labelledby={headingId} withBorder p="md">
      <Stack gap="sm">
        <Group gap="xs" justify="space-between">
          <Title order={3} id={headingId} ref={heading} tabIndex={-1} className={classes.path}>
            <FormattedMessage id="files.bundle.title" values={{ name: bundle.name }} />
          </Title>
          {canWrite && !bundle.display && (
            <Badge variant="outline" color="gray">
              <FormattedMessage id="files.bundle.hidden" />
            </Badge>
          )}
        </Group>
        {!canWrite && bundle.description && (
          <Text style={{ whiteSpace: 'pre-line' }}>{bundle.description}</Text>
        )}
        {canWrite && <BundleSettings id={id} bundle={bundle} onChanged={onChanged} />}
        <FileList
          id={id}
          bundle={bundle}
          mode={mode}
          canWrite={canWrite}
          shown={shown?.path ?? null}
          onShow={(path) => setChosen(path === shown?.path ? null : path)}
          onDelete={setToDelete}
        />
        {bundle.files.length > 0 && (
          <Text size="sm">
            <BundleZipLink id={id} bundle={bundle.name} mode={mode} />
          </Text>
        )}
        {shown && (
          <Stack gap="xs" component="section" aria-labelledby={viewerHeadingId}>
            <Group gap="xs" justify="space-between" wrap="nowrap">
              <Title order={4} id={viewerHeadingId} className={classes.path}>
                <FormattedMessage id="files.viewer.title" values={{ path: shown.path }} />
              </Title>
              <Button size="compact-sm" variant="subtle" onClick={() => setChosen(null)}>
                <FormattedMessage id="files.viewer.close" />
              </Button>
            </Group>
            <FileViewer key={shown.path} id={id} bundle={bundle.name} file={shown} mode={mode} />
          </Stack>
        )}
      </Stack>
      {canWrite && (
        <DeleteFileModal
          target={toDelete}
          onClose={() => setToDelete(null)}
          onDeleted={(ref) => void handleDeleted(ref)}
        />
      )}
    </Paper>
  );
}
