import { Alert, Button, type ButtonProps, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAccess } from '../../../lib/auth/access';
import { errorText } from '../../../lib/http/error-text';
import { useToast } from '../../../lib/use-toast';
import { deleteRecord } from '../api/delete-record';

export interface DeleteRecordButtonProps {
  id: string;
  /** The record's title as shown, named in the button's label and the question. */
  title: string;
  /** Called after the record was deleted: the page leaves it, a list drops its row. */
  onDeleted: () => void;
  size?: ButtonProps['size'];
}

/**
 * "Delete" for a record the caller may delete: asks first in a dialog naming the record,
 * then deletes it with its files, confirms with a toast and hands over to `onDeleted`.
 * A refusal stays in the dialog with the server's reason.
 */
export function DeleteRecordButton({ id, title, onDeleted, size }: DeleteRecordButtonProps) {
  const intl = useIntl();
  const toast = useToast();
  const { client } = useAccess();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const handleOpen = () => {
    setFailure(null);
    setAsking(true);
  };

  const handleConfirm = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await deleteRecord(client, id);
      setAsking(false);
      toast.success(intl.formatMessage({ id: 'record.delete.done' }, { title }));
      onDeleted();
    } catch (error) {
      setFailure(errorText(error, intl.formatMessage, intl.messages));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        variant="outline"
        color="red"
        size={size}
        onClick={handleOpen}
        aria-label={intl.formatMessage({ id: 'record.delete.label' }, { title })}
      >
        <FormattedMessage id="record.delete" />
      </Button>
      <Modal
        opened={asking}
        onClose={() => setAsking(false)}
        title={intl.formatMessage({ id: 'record.delete.title' })}
        closeButtonProps={{ 'aria-label': intl.formatMessage({ id: 'record.dialog.close' }) }}
      >
        <Stack gap="md">
          <Text>
            <FormattedMessage id="record.delete.confirm" values={{ title }} />
          </Text>
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              onClick={() => setAsking(false)}
              disabled={busy}
              data-autofocus
            >
              <FormattedMessage id="record.cancel" />
            </Button>
            <Button color="red" onClick={() => void handleConfirm()} loading={busy}>
              <FormattedMessage id="record.delete.submit" />
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
