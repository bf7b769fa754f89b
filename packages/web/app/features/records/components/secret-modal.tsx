import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';

type CopyState = 'idle' | 'copied' | 'manual';

/**
 * Shows a new key's secret the one time it exists in the browser: in a read-only text field
 * (select and copy it by hand) with a copy button, and a clear warning that it cannot be
 * shown again. Clicking beside the dialog does not close it, so the secret is not lost by
 * accident; closing it drops the secret.
 */
export function SecretModal({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  const intl = useIntl();
  const field = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<CopyState>('idle');

  const selectField = () => {
    field.current?.focus();
    field.current?.select();
  };

  const handleCopy = async () => {
    if (!secret) return;
    try {
      // Missing outside secure contexts (http on another host) and in some embedded browsers.
      if (!navigator.clipboard) throw new Error('No clipboard');
      await navigator.clipboard.writeText(secret);
      setCopy('copied');
    } catch {
      selectField();
      setCopy('manual');
    }
  };

  const handleClose = () => {
    setCopy('idle');
    onClose();
  };

  return (
    <Modal
      opened={secret !== null}
      onClose={handleClose}
      title={intl.formatMessage({ id: 'sharing.secret.title' })}
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': intl.formatMessage({ id: 'record.dialog.close' }) }}
    >
      <Stack gap="md">
        <Alert color="yellow" title={<FormattedMessage id="sharing.secret.warningTitle" />}>
          <FormattedMessage id="sharing.secret.warning" />
        </Alert>
        <TextInput
          ref={field}
          label={<FormattedMessage id="sharing.secret.field" />}
          value={secret ?? ''}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
          spellCheck={false}
          styles={{ input: { fontFamily: 'monospace' } }}
        />
        <Text size="sm">
          <FormattedMessage id="sharing.secret.howTo" />
        </Text>
        <Text size="sm" role="status" aria-live="polite">
          {copy === 'copied' && <FormattedMessage id="sharing.secret.copied" />}
          {copy === 'manual' && <FormattedMessage id="sharing.secret.copyManually" />}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={handleCopy}>
            <FormattedMessage id="sharing.secret.copy" />
          </Button>
          <Button onClick={handleClose}>
            <FormattedMessage id="sharing.secret.done" />
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
