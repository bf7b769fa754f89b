import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  /** What will happen, in a sentence naming the user or group. */
  children: ReactNode;
  confirmLabel: string;
  /** Red confirm button for actions that cannot be undone or lock someone out. */
  danger?: boolean;
  busy: boolean;
  /** The server's reason when the last attempt failed; the dialog stays open. */
  failure: string | null;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before a destructive administrative action; Cancel has the focus. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const intl = useIntl();
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.title}
      closeButtonProps={{ 'aria-label': intl.formatMessage({ id: 'users.dialog.close' }) }}
    >
      <Stack gap="md">
        {props.children}
        {props.failure && (
          <Alert color="red" role="alert">
            {props.failure}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={props.onClose} disabled={props.busy} data-autofocus>
            <FormattedMessage id="users.dialog.cancel" />
          </Button>
          <Button
            color={props.danger ? 'red' : undefined}
            onClick={props.onConfirm}
            loading={props.busy}
          >
            {props.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
