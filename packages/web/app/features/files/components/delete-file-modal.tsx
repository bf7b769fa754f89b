import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAccess } from '../../../lib/auth/access';
import { errorText } from '../../../lib/http/error-text';
import { deleteFile } from '../api/delete-file';
import type { FileRef } from '../api/file-paths';

/**
 * Asks before a file is deleted, naming the file and its bundle; the focus starts on
 * "cancel", so Enter does not delete by accident. A failure stays in the dialog.
 */
export function DeleteFileModal({
  target,
  onClose,
  onDeleted,
}: {
  /** The file to delete; null closes the dialog. */
  target: FileRef | null;
  onClose: () => void;
  onDeleted: (ref: FileRef) => void;
}) {
  const { client } = useAccess();
  const intl = useIntl();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const close = () => {
    if (busy) return;
    setError(null);
    onClose();
  };

  const handleDelete = async () => {
    if (!target) return;
    setBusy(true);
    setError(null);
    try {
      await deleteFile(client, target);
      onDeleted(target);
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened={target !== null}
      onClose={close}
      title={intl.formatMessage({ id: 'files.delete.title' })}
      closeButtonProps={{ 'aria-label': intl.formatMessage({ id: 'files.delete.close' }) }}
    >
      {target && (
        <Stack gap="md">
          <Text style={{ overflowWrap: 'anywhere' }}>
            <FormattedMessage
              id="files.delete.question"
              values={{ path: target.path, bundle: target.bundle }}
            />
          </Text>
          {error !== null && (
            <Alert color="red" title={intl.formatMessage({ id: 'files.delete.failed' })}>
              {errorText(error, intl.formatMessage, intl.messages)}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} data-autofocus disabled={busy}>
              <FormattedMessage id="files.delete.cancel" />
            </Button>
            <Button color="red" onClick={handleDelete} loading={busy}>
              <FormattedMessage id="files.delete.confirm" />
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
