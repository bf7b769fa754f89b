import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Blocker } from 'react-router';

/**
 * Asks before an in-app navigation discards unsaved changes. "Stay" is the default (it has
 * the focus), so a hasty Enter loses nothing.
 */
export function LeaveModal({ blocker }: { blocker: Blocker }) {
  const intl = useIntl();
  const blocked = blocker.state === 'blocked';
  const stay = () => blocker.reset?.();
  return (
    <Modal
      opened={blocked}
      onClose={stay}
      title={intl.formatMessage({ id: 'editor.leave.title' })}
      closeButtonProps={{ 'aria-label': intl.formatMessage({ id: 'editor.dialog.close' }) }}
    >
      <Stack gap="md">
        <Text>
          <FormattedMessage id="editor.leave.text" />
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => blocker.proceed?.()}>
            <FormattedMessage id="editor.leave.leave" />
          </Button>
          <Button onClick={stay} data-autofocus>
            <FormattedMessage id="editor.leave.stay" />
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
