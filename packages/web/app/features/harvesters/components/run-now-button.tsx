import type { Harvester } from '@geoportal/contract/harvester';
import type { Process } from '@geoportal/contract/processes';
import { Button } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAccess } from '../../../lib/auth/access';
import { useAdminAction } from '../../../lib/hooks/use-admin-action';
import { runHarvester } from '../api/harvesters-api';
import { isRunOpen } from '../model/run-format';

export interface RunNowButtonProps {
  harvester: Harvester;
  /** Called with the queued run's process. */
  onStarted: (process: Process) => void;
  /** Names the harvester in the button's accessible name (in a list of several). */
  named?: boolean;
}

/**
 * "Run now": queues a run as a process. Disabled while a run is queued or running; if one
 * started meanwhile elsewhere, the server's 409 says so in a toast.
 */
export function RunNowButton({ harvester, onStarted, named = false }: RunNowButtonProps) {
  const intl = useIntl();
  const { client } = useAccess();
  const action = useAdminAction();
  const handleRun = async () => {
    const process = await action.run(
      () => runHarvester(client, harvester.id),
      'harvesters.run.started',
      {
        name: harvester.name,
      },
    );
    if (process) onStarted(process);
  };
  return (
    <Button
      size={named ? 'xs' : 'sm'}
      variant={named ? 'default' : 'filled'}
      loading={action.busy}
      disabled={isRunOpen(harvester.lastRun)}
      onClick={() => void handleRun()}
      aria-label={
        named
          ? intl.formatMessage({ id: 'harvesters.run.named' }, { name: harvester.name })
          : undefined
      }
    >
      <FormattedMessage id="harvesters.run" />
    </Button>
  );
}
