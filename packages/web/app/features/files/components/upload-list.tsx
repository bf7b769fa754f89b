import { fileLimits } from '@geoportal/contract/files';
import { Button, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { errorText } from '../../../lib/http/error-text';
import { isHttpRequestError } from '../../../lib/http/http-error';
import { TransferNetworkError } from '../../../lib/http/transfer';
import type { UploadItem } from '../hooks/use-uploads';
import type { UploadProblem } from '../model/check-upload';
import { formatSize } from '../model/format-size';
import classes from './files.module.css';

export interface UploadListProps {
  items: readonly UploadItem[];
  onCancel: (key: string) => void;
  onDismiss: (key: string) => void;
  onClearFinished: () => void;
}

const onTheWay = (item: UploadItem) =>
  item.status === 'queued' || item.status === 'uploading' || item.status === 'processing';

/** The text for a file refused before sending; each says what to do about it. */
function useProblemText() {
  const intl = useIntl();
  return (problem: UploadProblem) => {
    switch (problem.kind) {
      case 'path':
        return intl.formatMessage(
          { id: `files.path.${problem.problem}` },
          {
            pathMax: fileLimits.pathBytesMax,
            segmentMax: fileLimits.segmentBytesMax,
            depthMax: fileLimits.segmentsMax,
          },
        );
      case 'tooLarge':
        return intl.formatMessage(
          { id: 'files.upload.tooLarge' },
          { max: formatSize(problem.maxBytes, intl.locale) },
        );
      case 'folder':
        return intl.formatMessage({ id: 'files.upload.folder' });
    }
  };
}

/** The text for a failed upload: the server's (translated by code) or the network's. */
function useFailureText() {
  const intl = useIntl();
  return (error: unknown) => {
    // A 413 may come from a proxy without our error body; the advice is the same.
    if (isHttpRequestError(error, 413)) {
      return intl.formatMessage({ id: 'files.upload.tooLargeServer' });
    }
    if (error instanceof TransferNetworkError) {
      return intl.formatMessage({ id: 'files.upload.network' });
    }
    return errorText(error, intl.formatMessage, intl.messages);
  };
}

function UploadRow({
  item,
  onCancel,
  onDismiss,
}: {
  item: UploadItem;
  onCancel: (key: string) => void;
  onDismiss: (key: string) => void;
}) {
  const intl = useIntl();
  const problemText = useProblemText();
  const failureText = useFailureText();
  const values = { name: item.name, bundle: item.bundle };
  const size =
    item.status === 'invalid' && item.problem?.kind === 'folder'
      ? null
      : formatSize(item.size, intl.locale);
  return (
    <li className={classes.fileItem}>
      <Stack gap={4}>
        <Text fw={500} className={classes.path}>
          {item.name}
        </Text>
        <Text size="sm" c="dimmed">
          {size === null ? (
            <FormattedMessage id="files.upload.target" values={values} />
          ) : (
            <FormattedMessage id="files.upload.targetSized" values={{ ...values, size }} />
          )}
        </Text>
        {(item.status === 'uploading' || item.status === 'processing') && (
          <Group gap="sm" wrap="nowrap">
            <Progress
              value={item.percent}
              aria-label={intl.formatMessage({ id: 'files.upload.progress' }, values)}
              striped={item.status === 'processing'}
              animated={item.status === 'processing'}
              style={{ flex: 1 }}
            />
            <Text size="sm" aria-hidden="true" miw="3.5em" ta="right">
              <FormattedMessage id="files.upload.percent" values={{ percent: item.percent }} />
            </Text>
          </Group>
        )}
        <Text
          size="sm"
          c={item.status === 'invalid' || item.status === 'failed' ? 'red' : undefined}
        >
          {item.status === 'invalid' && item.problem && problemText(item.problem)}
          {item.status === 'failed' && failureText(item.error)}
          {item.status === 'queued' && <FormattedMessage id="files.upload.queued" />}
          {item.status === 'processing' && <FormattedMessage id="files.upload.processing" />}
          {item.status === 'done' && <FormattedMessage id="files.upload.done" />}
          {item.status === 'cancelled' && <FormattedMessage id="files.upload.cancelled" />}
        </Text>
        <Group gap="xs">
          {onTheWay(item) ? (
            <Button
              size="compact-sm"
              variant="default"
              onClick={() => onCancel(item.key)}
              aria-label={intl.formatMessage({ id: 'files.upload.cancelNamed' }, values)}
            >
              <FormattedMessage id="files.upload.cancel" />
            </Button>
          ) : (
            <Button
              size="compact-sm"
              variant="default"
              onClick={() => onDismiss(item.key)}
              aria-label={intl.formatMessage({ id: 'files.upload.dismissNamed' }, values)}
            >
              <FormattedMessage id="files.upload.dismiss" />
            </Button>
          )}
        </Group>
      </Stack>
    </li>
  );
}

/**
 * The chosen files with what happens to each: refused (and why), waiting, a progress bar in
 * whole percent (SPEC §9), being stored, uploaded, failed (the server's text) or cancelled.
 * A status line tells screen-reader users how many are done without announcing every percent.
 */
export function UploadList({ items, onCancel, onDismiss, onClearFinished }: UploadListProps) {
  const headingId = useId();
  if (items.length === 0) return null;
  const done = items.filter((item) => item.status === 'done').length;
  const active = items.filter(onTheWay).length;
  const failed = items.filter(
    (item) => item.status === 'failed' || item.status === 'invalid',
  ).length;
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <Title order={4} id={headingId}>
        <FormattedMessage id="files.upload.listTitle" />
      </Title>
      <Text size="sm" role="status">
        <FormattedMessage id="files.upload.summary" values={{ done, active, failed }} />
      </Text>
      <ul className={classes.list}>
        {items.map((item) => (
          <UploadRow key={item.key} item={item} onCancel={onCancel} onDismiss={onDismiss} />
        ))}
      </ul>
      {items.length > active && (
        <Group>
          <Button size="compact-sm" variant="subtle" onClick={onClearFinished}>
            <FormattedMessage id="files.upload.clearFinished" />
          </Button>
        </Group>
      )}
    </Stack>
  );
}
