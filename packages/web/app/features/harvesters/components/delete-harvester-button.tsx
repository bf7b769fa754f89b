import type { Harvester } from '@geoportal/contract/harvester';
import type { Process } from '@geoportal/contract/processes';
import { Button, Text } from '@mantine/core';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ConfirmDialog } from '../../../components/layout/confirm-dialog';
import { useAccess } from '../../../lib/auth/access';
import { useAdminAction } from '../../../lib/hooks/use-admin-action';
import { deleteHarvester } from '../api/harvesters-api';

/**
 * Deletes a harvester after a confirmation that names it and how many records go with it.
 * The removal runs as a process; `onDeleted` gets it.
 */
export function DeleteHarvesterButton({
  harvester,
  onDeleted,
}: {
  harvester: Harvester;
  onDeleted: (process: Process) => void;
}) {
  const intl = useIntl();
  const { client } = useAccess();
  const action = useAdminAction();
  const [open, setOpen] = useState(false);
  const handleConfirm = async () => {
    const answer = await action.run(
      () => deleteHarvester(client, harvester.id),
      'harvesters.delete.started',
      { name: harvester.name },
    );
    if (!answer) return;
    setOpen(false);
    onDeleted(answer.process);
  };
  return (
    <>
      <Button
        color="red"
        variant="light"
        onClick={() => {
          action.clearFailure();
          setOpen(true);
        }}
      >
        <FormattedMessage id="harvesters.delete" />
      </Button>
      <ConfirmDialog
        opened={open}
        title={intl.formatMessage({ id: 'harvesters.delete.title' }, { name: harvester.name })}
        confirmLabel={intl.formatMessage({ id: 'harvesters.delete.confirm' })}
        danger
        busy={action.busy}
        failure={action.failure}
        onConfirm={() => void handleConfirm()}
        onClose={() => setOpen(false)}
      >
        <Text size="sm">
          <FormattedMessage
            id="harvesters.delete.text"
            values={{
              name: harvester.name,
              count: harvester.records,
              n: intl.formatNumber(harvester.records),
            }}
          />
        </Text>
      </ConfirmDialog>
    </>
  );
}
