import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';

/**
 * Shows a temporary password the one time the browser has it, with a copy button. Clicking
 * beside the dialog does not close it, so the password is not lost by accident.
 */
export function TemporaryPasswordDialog({
  user,
  password,
  onClose,
}: {
  user: string;
  password: string | null;
  onClose: () => void;
}) {
  const intl = useIntl();
  const field = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<'no' | 'yes' | 'manual'>('no');

  const handleCopy = async () => {
    if (!password) return;
    try {
      if (!navigator.clipboard) throw new Error('No clipboard');
      await navigator.clipboard.writeText(password);
      setCopied('yes');
    } catch {
      field.current?.focus();
      field.current?.select();
      setCopied('manual');
    }
  };

  const handleClose = () => {
    setCopied('no');
    onClose();
  };

  return (
    <Modal
      opened={password !== null}
      onClose={handleClose}
      closeOnClickOutside={false}
      title={intl.formatMessage({ id: 'users.password.title' }, { name: user })}
      closeButtonProps={{ 'aria-label': intl.formatMessage({ id: 'users.dialog.close' }) }}
    >
      <Stack gap="md">
        <Alert color="yellow">
          <FormattedMessage id="users.password.once" />
        </Alert>
        <TextInput
          ref={field}
          readOnly
          label={<FormattedMessage id="users.password.field" />}
          value={password ?? ''}
          onFocus={(event) => event.currentTarget.select()}
          styles={{ input: { fontFamily: 'monospace' } }}
        />
        <Text size="sm" role="status">
          {copied === 'yes' && <FormattedMessage id="users.password.copied" />}
          {copied === 'manual' && <FormattedMessage id="users.password.copyManual" />}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="light" onClick={() => void handleCopy()}>
            <FormattedMessage id="users.password.copy" />
          </Button>
          <Button onClick={handleClose} data-autofocus>
            <FormattedMessage id="users.password.done" />
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
