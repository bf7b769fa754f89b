import { Alert, Button, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { errorText } from '../../../lib/http/error-text';
import { useBundles } from '../hooks/use-bundles';
import { useUploads } from '../hooks/use-uploads';
import { BundleCard } from './bundle-card';
import { UploadArea } from './upload-area';
import { UploadList } from './upload-list';

export interface FilesPanelProps {
  /** The object (record) id. */
  id: string;
  /**
   * The bundles of the page's detailed view, when the page has it (signed-in users, key
   * holders); without them the panel reads the detailed view itself.
   */
  bundles?: readonly unknown[];
  /** Whether the caller may write the object (detailed view `permissions.write`). */
  canWrite: boolean;
  /** Whether a visitor may read the record: its displayed files then have plain links. */
  visitorCanRead: boolean;
  /** The largest upload in bytes, when the page knows it; else the server's 413 decides. */
  maxUploadBytes?: number;
}

/**
 * The record's files (DESIGN §1: downloads and previews; SPEC §7 bundles). Everyone sees the
 * bundles the server lets them see, with downloads and viewers; those who may write also
 * upload (drop zone or picker, per-file progress and cancel), show or hide bundles, choose
 * index files, describe bundles and delete files. After each change the bundles are read
 * again. For visitors, a record without visible files shows no panel at all.
 */
export function FilesPanel({
  id,
  bundles: initial,
  canWrite,
  visitorCanRead,
  maxUploadBytes,
}: FilesPanelProps) {
  const intl = useIntl();
  const headingId = useId();
  const { bundles, error, reload } = useBundles(id, initial);
  const uploads = useUploads(id, { maxBytes: maxUploadBytes, onUploaded: () => void reload() });

  // Visitors and readers see the panel only once there is something in it: most records have
  // no files, and a heading over nothing (or over a spinner) would only be in the way.
  if (!canWrite && (bundles?.length ?? 0) === 0 && error === null) return null;

  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      withBorder={canWrite}
      p={canWrite ? 'md' : 0}
    >
      <Stack gap="lg">
        <Title order={2} size="h3" id={headingId}>
          <FormattedMessage id="files.title" />
        </Title>
        {canWrite && (
          <Stack gap="sm">
            <UploadArea bundles={bundles ?? []} onFiles={uploads.add} onRefused={uploads.refuse} />
            <UploadList
              items={uploads.items}
              onCancel={uploads.cancel}
              onDismiss={uploads.dismiss}
              onClearFinished={uploads.clearFinished}
            />
          </Stack>
        )}
        {error !== null && (
          <Alert color="red" title={intl.formatMessage({ id: 'files.loadFailed' })}>
            <Stack gap="sm" align="flex-start">
              {errorText(error, intl.formatMessage, intl.messages)}
              <Button variant="light" onClick={() => void reload()}>
                <FormattedMessage id="files.retry" />
              </Button>
            </Stack>
          </Alert>
        )}
        {bundles === null && error === null && (
          <Loader
            size="sm"
            role="status"
            aria-label={intl.formatMessage({ id: 'files.loading' })}
          />
        )}
        {bundles !== null && bundles.length === 0 && canWrite && (
          <Text>
            <FormattedMessage id="files.none" />
          </Text>
        )}
        {bundles?.map((bundle) => (
          <BundleCard
            key={bundle.name}
            id={id}
            bundle={bundle}
            canWrite={canWrite}
            visitorCanRead={visitorCanRead}
            onChanged={reload}
          />
        ))}
      </Stack>
    </Paper>
  );
}
